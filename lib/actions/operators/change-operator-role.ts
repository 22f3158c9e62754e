"use server";

import { ChangeOperatorRoleInput } from "@/lib/identity/schemas";
import { changeOperatorRole } from "@/lib/server/auth/operators";
import { defineAction } from "@/lib/server/define-action";

export const changeOperatorRoleAction = defineAction(
  { name: "changeOperatorRole", role: "admin", schema: ChangeOperatorRoleInput },
  async (input, { db, actor, requestId }) => db.transaction((tx) => changeOperatorRole(tx, input, actor, requestId)),
);
