import "server-only";
import { insertEnvironmentPin, setEnvironmentState } from "@/db/queries/environments";
import { saveConfigVersion } from "@/db/queries/replay";
import type { AgentRow, Transaction } from "@/db/types";
import type { AgentSnapshot } from "@/lib/engine/contracts/snapshot";
import { PRODUCTION } from "@/lib/environments/environment-schemas";
import { lockEnvironmentRow } from "@/lib/environments/server/environment-rows";
import { appendLedgerEvent } from "@/lib/server/ledger/append-ledger-event";
import type { Actor } from "@/lib/server/ledger/event-types";

/**
 * A designer's save past a blocking test gate goes into draft only. Production that was never pinned
 * follows the latest version, so it is pinned here, in the save's transaction, to the version it
 * served before the save (`before`, kept from `saved`): customers keep what passed the tests until
 * someone promotes through the promotion gate. A pinned or split production is left as it is.
 */
export async function holdProduction(
  tx: Transaction,
  before: AgentRow,
  saved: AgentSnapshot,
  ctx: { actor: Actor; requestId: string },
): Promise<void> {
  const row = await lockEnvironmentRow(tx, before, PRODUCTION);
  if (row.pinnedVersion !== null || row.splitArms) return;
  await saveConfigVersion(tx, { agentId: before.id, configVersion: before.configVersion, snapshot: saved });
  await setEnvironmentState(tx, row.id, { pinnedVersion: before.configVersion });
  await insertEnvironmentPin(tx, {
    agentId: before.id,
    environment: PRODUCTION,
    configVersion: before.configVersion,
    previousVersion: null,
    reason: "held: a designer saved past the test gate into draft",
    actor: ctx.actor.name,
  });
  await appendLedgerEvent(tx, {
    type: "ENVIRONMENT_PINNED",
    actor: ctx.actor,
    agentId: before.id,
    requestId: ctx.requestId,
    payload: {
      agent_key: before.key,
      environment: PRODUCTION,
      config_version: before.configVersion,
      previous_version: null,
    },
  });
}
