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

/** One fixed window: its counter's key, its limit, and what a refusal says there were too many of. */
type Window = [key: string, max: number, what: string];

async function admit(db: DbOrTx, windowSeconds: number, windows: Window[]): Promise<void> {
  for (const [key, max, what] of windows) {
    const verdict = await countWindowAttempt(db, key, max, windowSeconds);
    if (!verdict.allowed) {
      throw new RateLimitedError(
        `Too many ${what}; retry in ${verdict.retryAfterSeconds} s.`,
        verdict.retryAfterSeconds,
      );
    }
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
  const address = bucketOf(clientAddressFrom(request.headers));
  await admit(db, 60, [
    [`widget-turn-session:${sessionId}`, limits.turns_per_minute_per_session, "messages in this conversation"],
    [`widget-turn-address:${address}`, limits.turns_per_minute_per_address, "messages from this address"],
    [`widget-turn-key:${principal.id}`, limits.turns_per_minute_per_key, "messages on this key"],
  ]);
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
  const address = bucketOf(who.address);
  await admit(db, 3600, [
    [`widget-session-address:${address}`, limits.sessions_per_hour_per_address, "conversations from this address"],
    [`widget-session-key:${who.keyId}`, limits.sessions_per_hour_per_key, "conversations on this key"],
  ]);
}
