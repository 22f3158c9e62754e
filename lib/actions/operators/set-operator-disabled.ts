"use server";

import { SetOperatorDisabledInput } from "@/lib/identity/schemas";
import { setOperatorDisabled } from "@/lib/server/auth/operators";
import { defineAction } from "@/lib/server/define-action";
import { AppError } from "@/lib/server/errors";

export const setOperatorDisabledAction = defineAction(
  { name: "setOperatorDisabled", role: "admin", schema: SetOperatorDisabledInput },
  async (input, { db, actor, operator, requestId }) => {
    if (input.disabled && input.operatorId === operator.id) {
      throw new AppError("CONFLICT", "You cannot disable yourself; ask another admin.");
    }
    await db.transaction((tx) => setOperatorDisabled(tx, input, actor, requestId));
  },
);
