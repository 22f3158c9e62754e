"use server";

import { CreateOperatorInput } from "@/lib/identity/schemas";
import { createOperator } from "@/lib/server/auth/operators";
import { defineAction } from "@/lib/server/define-action";

export const createOperatorAction = defineAction(
  { name: "createOperator", role: "admin", schema: CreateOperatorInput },
  async (input, { db, actor, requestId }) => db.transaction((tx) => createOperator(tx, input, actor, requestId)),
);
