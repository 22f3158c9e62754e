import "server-only";
import type { AgentRow, Database } from "@/db/types";
import type { AgentSnapshot } from "@/lib/engine/contracts/snapshot";
import type { SuiteComparison } from "@/lib/engine/conversation-tests/suite-comparison";
import type { PreviewableEdit, ReplayWindow } from "@/lib/replay/preview-schemas";
import type { Actor } from "@/lib/server/ledger/event-types";
import type { ImpactPreviewStamp } from "@/lib/versioning/agent-at-version";
import type { DraftBox } from "@/lib/versioning/server/draft-box";
import { dryRunEdit } from "./config-edits";
import { stampPreview } from "./preview-stamp";
import { replayAgentSessions } from "./replay-agent-sessions";
import { buildReplayReport, type ReplayReport } from "./replay-report";

export interface ImpactPreview {
  /** false: the draft is the saved configuration; nothing to replay. */
  changes_config: boolean;
  base_config_version: number;
  report: ReplayReport;
  /** Send it with the save so the CONFIG_CHANGED event records these counts. */
  stamp: ImpactPreviewStamp | null;
  /** The agent's conversation tests on the saved configuration and on the draft (null: no cases). */
  tests: SuiteComparison | null;
}

/**
 * The agent's conversation tests on its saved configuration and on a draft (null: no cases). The
 * caller hands it in (the conversation tests' `compareSuiteOnDraft`): replay runs no suite itself.
 */
export type DraftTests = (db: Database, agent: AgentRow, draft: AgentSnapshot) => Promise<SuiteComparison | null>;

/**
 * "What would this change have done to the conversations we already had?": the editor's unsaved
 * draft is checked and built exactly as Save would (then rolled back), and the agent's recent
 * sessions are replayed on it and on the saved configuration, frozen (no model call): the report is
 * the difference between the two, the draft's own; `tests`, when given, runs the agent's suite on
 * both. Writes nothing.
 */
export async function previewImpact(
  db: Database,
  edit: { kind: PreviewableEdit; input: unknown; window: Required<ReplayWindow> },
  ctx: {
    actor: Actor;
    requestId: string;
    signal?: AbortSignal;
    onProgress?: (done: number, total: number) => void;
    tests?: DraftTests;
  },
): Promise<ImpactPreview> {
  const draft: DraftBox = {};
  const { expectedVersion } = await dryRunEdit(db, edit.kind, edit.input, { ...ctx, draft });
  const agent = draft.agent;
  if (!agent) throw new Error("dry run left no agent");
  if (!draft.snapshot) {
    return {
      changes_config: false,
      base_config_version: expectedVersion,
      report: buildReplayReport([], { mode: "frozen", target: { kind: "draft", config_version: null } }),
      stamp: null,
      tests: null,
    };
  }
  const report = await replayAgentSessions(db, agent, {
    target: { kind: "draft", snapshot: draft.snapshot },
    compareWith: "saved",
    mode: "frozen",
    sessions: { maxSessions: edit.window.sessions, maxTurns: edit.window.turns },
    signal: ctx.signal,
    onProgress: ctx.onProgress,
  });
  const c = report.counts;
  const stamp = await stampPreview(db, agent.key, expectedVersion, draft.snapshot, {
    turns: c.turns,
    changed: c.changed,
    sessions: c.sessions,
    outcome_changes: c.outcome_changes,
    newly_blocked: c.newly_blocked,
    not_replayable: c.not_replayable,
  });
  const tests = ctx.tests ? await ctx.tests(db, agent, draft.snapshot) : null;
  return { changes_config: true, base_config_version: expectedVersion, report, stamp, tests };
}
