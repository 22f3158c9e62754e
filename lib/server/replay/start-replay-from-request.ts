import "server-only";
import type { z } from "zod";
import { sessionsOfAgent } from "@/db/queries/replay";
import type { AgentRow } from "@/db/schema";
import type { Database } from "@/db/types";
import { importBundle } from "@/lib/bundles/import-bundle";
import type { ReplayRunBody } from "@/lib/replay/replay-schemas";
import { AppError } from "../errors";
import type { Actor } from "../ledger/event-types";
import type { DraftBox } from "./draft-box";
import type { ReplayTarget } from "./replay-agent-sessions";
import { type ReplayRunView, startReplayRun } from "./replay-runs";

/**
 * Checks a replay request against the agent synchronously — a bundle Save would refuse (422 with its
 * paths), a version that is not kept, sessions of another agent (404) — then starts the run.
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
    const key = (body.config as { agent?: { key?: unknown } } | null)?.agent?.key;
    if (key !== agent.key) {
      throw new AppError("VALIDATION", `The bundle is for another agent than "${agent.key}".`, [
        { path: "config.agent.key", message: `must be "${agent.key}"` },
      ]);
    }
    const draft: DraftBox = {};
    try {
      await importBundle(db, body.config, ctx.actor, ctx.requestId, { draft });
    } catch (error) {
      if (error instanceof AppError && error.issues) {
        throw new AppError(
          error.code,
          error.message,
          error.issues.map((i) => ({ ...i, path: `config.${i.path}` })),
        );
      }
      throw error;
    }
    if (!draft.snapshot) throw new Error("bundle dry run left no draft");
    target = { kind: "draft", snapshot: draft.snapshot };
  } else if (body.config_version !== undefined) {
    target = { kind: "version", version: body.config_version };
  }
  const ids = body.sessions?.ids;
  if (ids) {
    const known = await sessionsOfAgent(db, agent.id, ids);
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0)
      throw new AppError("NOT_FOUND", `No session ${unknown.join(", ")} for agent "${agent.key}".`);
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
  return startReplayRun(db, agent, request, describe, ctx.actor.name);
}
