"use server";

import { SetAgentGrantInput } from "@/lib/identity/schemas";
import { setAgentGrant } from "@/lib/server/access/set-agent-grant";
import { defineAction } from "@/lib/server/define-action";

// Users & keys: an operator's role on one agent (role null removes it); ledgered as an access change.
export const setAgentGrantAction = defineAction(
  { name: "setAgentGrant", role: "admin", schema: SetAgentGrantInput },
  async (input, { db, actor, requestId }) => db.transaction((tx) => setAgentGrant(tx, input, actor, requestId)),
);
