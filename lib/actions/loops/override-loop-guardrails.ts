"use server";

import { OverrideLoopInput } from "@/lib/loops/api-schemas";
import { overrideLoop } from "@/lib/loops/server/override-loop";
import { defineAction } from "@/lib/server/define-action";
import { hostPorts } from "@/lib/server/engine-ports/host-ports";

// The Override dialog (docs/loops.md#overrides): the signed-in operator is override_by and the ledger actor; the
// same service as POST /orchestrator/override-guardrails, so both doors are ledgered alike.
export const overrideLoopGuardrailsAction = defineAction(
  { name: "overrideLoopGuardrails", role: "operator", schema: OverrideLoopInput },
  async (input, { db, operator, actor, requestId }) =>
    overrideLoop(
      db,
      input.loop_id,
      {
        override_fatigue: input.override_fatigue,
        override_max_reruns: input.override_max_reruns,
        override_by: operator.email,
        override_reason: input.override_reason,
      },
      { actor, requestId, now: hostPorts().clock.now() },
    ),
);
