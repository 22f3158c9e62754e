"use server";

import { defineAction } from "@/lib/server/define-action";
import { hostTurn } from "@/lib/server/engine-host/host-turn";
import { SubmitTurnInput } from "@/lib/turns/sandbox-schemas";

// Designers test conversations; viewers may read sandbox history but not post (issue 4 e2e).
export const submitTurnAction = defineAction(
  { name: "submitTurn", role: "designer", schema: SubmitTurnInput },
  async (input, { db, actor, requestId }) =>
    hostTurn(db, { sessionId: input.sessionId, message: input.message, actor, requestId }),
);
