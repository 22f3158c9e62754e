import "server-only";
import { getAgentById } from "@/db/queries/agents";
import { getSession, listSessionTurns } from "@/db/queries/conversations";
import { openHandoffOf, openHandoffQueue, sessionNotesOf } from "@/db/queries/handoffs";
import type { DbOrTx } from "@/db/types";
import { resolveAgentSettings } from "@/lib/engine/contracts/agent-settings";
import { type Role, roleAtLeast } from "@/lib/identity/roles";
import { loadConfigNames } from "@/lib/turns/server/load-config-names";
import { turnViews } from "@/lib/turns/server/views";
import type { InboxConversation, InboxItem } from "../inbox-views";
import { noteView } from "./operator-reply";
import { readTranscript } from "./session-transcript";

// What the inbox page shows (docs/handoffs.md#the-inbox): reads only. `roleOn` is the signed-in
// operator's role per agent (null = out of reach): what is out of reach is not shown.

type RoleOn = (agentId: string) => Role | null;

/** Waiting and claimed handoffs, oldest request first, each with its agent's waiting target. */
export async function loadInboxQueue(db: DbOrTx, agentIds: string[] | null, roleOn: RoleOn): Promise<InboxItem[]> {
  const rows = await openHandoffQueue(db, agentIds);
  return rows.flatMap((row) => {
    const role = roleOn(row.handoff.agentId);
    if (!role) return [];
    const { handoff } = row;
    return [
      {
        handoff_id: handoff.id,
        session_id: handoff.sessionId,
        agent_key: row.agentKey,
        agent_name: row.agentName,
        reason: handoff.reason,
        detail: handoff.detail,
        state: handoff.state === "claimed" ? "claimed" : "waiting",
        claimed_by: handoff.claimedBy,
        customer: row.customerRef,
        channel: row.channel,
        requested_at: handoff.requestedAt.toISOString(),
        claimed_at: handoff.claimedAt?.toISOString() ?? null,
        target_seconds: targetOf(row.agentSettings),
        can_act: roleAtLeast(role, "operator"),
      },
    ];
  });
}

function targetOf(settings: unknown): number {
  try {
    return resolveAgentSettings(settings).handoff.target_seconds;
  } catch {
    // Settings that no longer parse keep the default target rather than hide the handoff.
    return resolveAgentSettings({}).handoff.target_seconds;
  }
}

/** One session's conversation, notes, turns (for the trace panel) and open handoff; null when out of reach. */
export async function loadInboxConversation(
  db: DbOrTx,
  sessionId: string,
  roleOn: RoleOn,
): Promise<InboxConversation | null> {
  const session = await getSession(db, sessionId);
  const role = session ? roleOn(session.agentId) : null;
  const agent = session && role ? await getAgentById(db, session.agentId) : null;
  if (!session || !role || !agent) return null;
  const [messages, notes, turnRows, names, handoff] = await Promise.all([
    readTranscript(db, session.id),
    sessionNotesOf(db, session.id),
    listSessionTurns(db, session.id),
    loadConfigNames(db, agent.id),
    openHandoffOf(db, session.id),
  ]);
  return {
    session_id: session.id,
    agent_key: agent.key,
    agent_name: agent.name,
    mode: session.mode,
    handoff: handoff ? { id: handoff.id, state: handoff.state, claimed_by: handoff.claimedBy } : null,
    messages,
    notes: notes.map(noteView),
    turns: await turnViews(db, turnRows),
    names,
    can_act: roleAtLeast(role, "operator"),
  };
}
