import "server-only";
import { getSession, listSandboxSessions, listSessionTurns } from "@/db/queries/conversations";
import { listEnvironments } from "@/db/queries/environments";
import type { AgentRow, DbOrTx, SessionRow } from "@/db/types";
import { resolveAgentSettings } from "@/lib/engine/contracts/agent-settings";
import { env } from "@/lib/env";
import { DRAFT, PRODUCTION } from "@/lib/environments/environment-schemas";
import { roleAtLeast } from "@/lib/identity/roles";
import { hostPorts } from "@/lib/server/engine-ports/host-ports";
import type { OperatorPrincipal } from "@/lib/server/principal";
import type { ConfigNames } from "@/lib/turns/name-ids";
import { loadConfigNames } from "@/lib/turns/server/load-config-names";
import { sessionView, turnViews } from "@/lib/turns/server/views";
import type { SessionView, TurnView } from "@/lib/turns/turn-view";

type SessionChoice = { id: string; turnCount: number; createdAt: string; updatedAt: string; createdBy: string | null };

export interface SandboxData {
  agent: { id: string; key: string; name: string; configVersion: number };
  provider: { name: string; model: string };
  /** The signed-in operator's own sandbox sessions of this agent, last used first. */
  sessions: SessionChoice[];
  /** Sandbox sessions other operators started: opened only when chosen, to read or to continue on purpose. */
  othersSessions: SessionChoice[];
  session: SessionView | null;
  /** Who started the open session when it is not the operator's own (opened by its id, from a trace). */
  sessionStartedBy: string | null;
  turns: TurnView[];
  canPost: boolean;
  /** Where a new sandbox session may run: draft, production and the agent's named environments. */
  environments: string[];
  /** What decides continuity for a session that has no choice of its own. */
  continuity: { deploymentOn: boolean; agentOn: boolean };
  /** The agent's `widget.show_why`: the customer's preview shows "Why this answer" under replies. */
  showWhy: boolean;
  /** Scenario, step, transition and rule names by id, for the timeline. */
  names: ConfigNames;
}

function sessionChoice(row: SessionRow): SessionChoice {
  return {
    id: row.id,
    turnCount: row.turnCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: row.createdBy,
  };
}

/**
 * Everything the sandbox page shows: the chosen session, else the operator's own latest sandbox session
 * (never another operator's), with its turns and spans.
 */
export async function loadSandbox(
  db: DbOrTx,
  agent: AgentRow,
  operator: OperatorPrincipal,
  sessionId?: string,
): Promise<SandboxData> {
  const sessions = await listSandboxSessions(db, agent.id, { operator: operator.email, own: true });
  const others = await listSandboxSessions(db, agent.id, { operator: operator.email, own: false });
  const chosen = sessionId ? await getSession(db, sessionId) : (sessions[0] ?? null);
  const session = chosen && chosen.agentId === agent.id ? chosen : null;
  const startedByOther = session && session.createdBy !== operator.email ? session.createdBy : null;
  const model = hostPorts().model;
  return {
    agent: { id: agent.id, key: agent.key, name: agent.name, configVersion: agent.configVersion },
    provider: { name: model.name, model: model.model },
    sessions: sessions.map(sessionChoice),
    othersSessions: others.map(sessionChoice),
    session: session ? await sessionView(db, session, agent) : null,
    sessionStartedBy: startedByOther,
    turns: session ? await turnViews(db, await listSessionTurns(db, session.id)) : [],
    canPost: roleAtLeast(operator.role, "designer"),
    environments: [
      DRAFT,
      PRODUCTION,
      ...(await listEnvironments(db, agent.id)).map((row) => row.name).filter((name) => name !== PRODUCTION),
    ],
    names: await loadConfigNames(db, agent.id),
    showWhy: resolveAgentSettings(agent.settings).widget.show_why,
    continuity: {
      deploymentOn: env().NEXT_PUBLIC_GROUNDING_CONTINUITY_ENABLED,
      agentOn: resolveAgentSettings(agent.settings).continuity.enabled,
    },
  };
}
