import "server-only";
import { getAgentById } from "@/db/queries/agents";
import { countWindowAttempt } from "@/db/queries/sign-in-throttles";
import type { DbOrTx } from "@/db/types";
import { type AgentSettings, resolveAgentSettings } from "@/lib/engine/contracts/agent-settings";
import { RateLimitedError } from "@/lib/server/errors";
import type { PublishableKeyPrincipal } from "@/lib/server/principal";
import { clientAddressFrom } from "@/lib/server/request/forwarded-request";
import { addressBucket } from "@/lib/server/request/peer-address";

// Fixed windows in the database (the sign-in limits' table and its one-statement upsert on the
// database clock), so every instance shares the counts; docs/widget.md#limits says why not in memory.
// Each window is counted before the next is asked, and a refused request has still counted: a client
// that keeps hammering stays refused until the window ends.

type Limits = AgentSettings["widget"];

async function admit(db: DbOrTx, key: string, max: number, windowSeconds: number, what: string): Promise<void> {
  const verdict = await countWindowAttempt(db, key, max, windowSeconds);
  if (!verdict.allowed) {
    throw new RateLimitedError(`Too many ${what}; retry in ${verdict.retryAfterSeconds} s.`, verdict.retryAfterSeconds);
  }
}

const bucketOf = (address: string | null) => (address ? addressBucket(address) : "unknown");

/**
 * Counts a widget turn against the session's, the address's and the key's minute (the key's agent's
 * settings); 429 past any of them, before the turn runs.
 */
export async function admitWidgetTurn(
  db: DbOrTx,
  principal: PublishableKeyPrincipal,
  sessionId: string,
  request: Request,
): Promise<void> {
  const agent = await getAgentById(db, principal.agentId);
  const limits = resolveAgentSettings(agent?.settings).widget;
  const who = { sessionId, keyId: principal.id, address: clientAddressFrom(request.headers) };
  await admit(
    db,
    `widget-turn-session:${who.sessionId}`,
    limits.turns_per_minute_per_session,
    60,
    "messages in this conversation",
  );
  await admit(
    db,
    `widget-turn-address:${bucketOf(who.address)}`,
    limits.turns_per_minute_per_address,
    60,
    "messages from this address",
  );
  await admit(db, `widget-turn-key:${who.keyId}`, limits.turns_per_minute_per_key, 60, "messages on this key");
}

/**
 * Counts a new conversation against the address's and the key's hour; 429 past either. Expired windows
 * are deleted by the `throttles.prune` job, not here: a burst of sessions pays for its own counts only.
 */
export async function admitWidgetSession(
  db: DbOrTx,
  limits: Limits,
  who: { keyId: string; address: string | null },
): Promise<void> {
  await admit(
    db,
    `widget-session-address:${bucketOf(who.address)}`,
    limits.sessions_per_hour_per_address,
    3600,
    "conversations from this address",
  );
  await admit(
    db,
    `widget-session-key:${who.keyId}`,
    limits.sessions_per_hour_per_key,
    3600,
    "conversations on this key",
  );
}
