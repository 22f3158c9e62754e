import "server-only";
import type { z } from "zod";
import { sessionsOfAgent } from "@/db/queries/replay";
import type { AgentRow, Database } from "@/db/types";
import type { ReplayRunBody } from "@/lib/replay/replay-schemas";
import { AppError } from "@/lib/server/errors";
import type { Actor } from "@/lib/server/ledger/event-types";
import { configAtVersion } from "@/lib/versioning/server/config-versions";
import { draftFromBundle } from "@/lib/versioning/server/draft-from-bundle";
import type { ReplayTarget } from "./replay-agent-sessions";
import { replayJobPayload } from "./replay-job";
import { type ReplayRunView, startReplayRun } from "./replay-runs";

/**
 * Checks a replay request against the agent synchronously — a bundle Save would refuse (422 with its
 * paths), a version that is not kept, session ids the agent does not have (422 naming each) — then
 * starts the run, unless the caller or the agent has too many open (429, run-limits.ts). Anything
 * found only by the job would be a 202 followed by a failed run.
 */
export async function startReplayFromRequest(
  db: Database,
  agent: AgentRow,
  body: z.output<typeof ReplayRunBody>,
  ctx: { actor: Actor; requestId: string },
): Promise<ReplayRunView> {
  let target: ReplayTarget = { kind: "current" };
  if (body.config !== undefined && body.config_version !== undefined) {
    throw new AppError("VALIDATION", "Send config or config_version, not both.", [
      { path: "config_version", message: "cannot be combined with config" },
    ]);
  }
  if (body.config !== undefined) {
    target = { kind: "draft", snapshot: (await draftFromBundle(db, agent, body.config, ctx)).snapshot };
  } else if (body.config_version !== undefined) {
    if (!(await configAtVersion(db, agent, body.config_version))) {
      throw new AppError("VALIDATION", `Agent "${agent.key}" keeps no configuration version ${body.config_version}.`, [
        { path: "config_version", message: `is not a kept version of this agent (current: ${agent.configVersion})` },
      ]);
    }
    target = { kind: "version", version: body.config_version };
  }
  const ids = body.sessions?.ids;
  if (ids) {
    const known = await sessionsOfAgent(db, agent.id, ids);
    const issues = ids.flatMap((id, at) =>
      known.has(id) ? [] : [{ path: `sessions.ids[${at}]`, message: "is not a session of this agent" }],
    );
    if (issues.length > 0) {
      throw new AppError(
        "VALIDATION",
        `${issues.length} session id(s) name no session of agent "${agent.key}".`,
        issues,
      );
    }
  }
  const request = {
    target,
    mode: body.mode,
    includeSame: Boolean(ids),
    sessions: {
      ids,
      since: body.sessions?.since ? new Date(body.sessions.since) : undefined,
      maxSessions: body.sessions?.limit,
    },
  };
  const describe = {
    target: target.kind === "draft" ? { kind: "draft" } : target,
    mode: body.mode,
    sessions: body.sessions ?? {},
  };
  return startReplayRun(db, agent, ctx.actor, { request: describe, payload: replayJobPayload(request) });
}
