import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { handoffs, traceSpans, turns, turnTapes } from "@/db/schema";
import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import type { TurnOutcomeKind } from "@/lib/engine/contracts/turn-outcome";
import type { TurnTape } from "@/lib/engine/replay/tape";
import { overrideHostPorts } from "@/lib/server/engine-ports/host-ports";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { updateAgentSettings } from "@/lib/settings/server/update-agent-settings";
import { PATH_EVIDENCE, type RecordedCorpus, STAGE_EVIDENCE } from "@/test/support/fidelity-corpus/corpus-evidence";
import { corpusModel } from "@/test/support/fidelity-corpus/corpus-model";
import { corpusBundles, FIDELITY_CORPUS, FIRST_SAVE, REFUND } from "@/test/support/fidelity-corpus/corpus-sessions";
import { playSession } from "@/test/support/fidelity-corpus/play-corpus";
import { fileEnv } from "@/test/support/file-env";
import { demoWithTestsGate, startTestApp } from "@/test/support/focal-test-app";
import { replayAgentSessions } from "./replay-agent-sessions";
import type { ReplayReport } from "./replay-report";

// Replay fidelity through the real host (docs/replay.md): a corpus of sessions is recorded turn by
// turn — persisted, taped, people and saves in between — then every stored session is replayed frozen
// under the configuration each turn ran on, and every turn must come out as it was stored, stage by
// stage. A stage that reads something its tape and the rebuilt state do not hold fails here.

// PostgreSQL keeps the vault's values only with a key; the vault's numbering is part of what is replayed.
const VAULT_KEY = "c".repeat(64);
const environment = fileEnv();
let handle: DatabaseHandle;
const sessionsByAgent = new Map<string, string[]>();
let corpus: RecordedCorpus;

beforeAll(async () => {
  environment.set({ FOCAL_VAULT_KEY: VAULT_KEY });
  handle = await startTestApp();
  // Saves here change settings on purpose; the conversation-test gate has its own tests.
  for (const bundle of corpusBundles(demoWithTestsGate("off")))
    await importBundle(handle.db, bundle, SYSTEM_ACTOR, "setup");
  const refund = await getAgentByKey(handle.db, REFUND);
  await updateAgentSettings(
    handle.db,
    {
      agentKey: REFUND,
      expectedVersion: refund?.configVersion ?? 0,
      actor: SYSTEM_ACTOR,
      requestId: "setup",
      policies: SAVE_POLICIES,
    },
    FIRST_SAVE,
  );
  overrideHostPorts({ model: corpusModel() });
  for (const session of FIDELITY_CORPUS) {
    const id = await playSession(handle.db, session);
    sessionsByAgent.set(session.agent, [...(sessionsByAgent.get(session.agent) ?? []), id]);
  }
  const stored = await handle.db.select().from(turns).orderBy(asc(turns.sessionId), asc(turns.turnIndex));
  corpus = {
    turns: stored.map((t) => ({
      sessionId: t.sessionId,
      outcome: t.outcome as TurnOutcomeKind,
      configVersion: t.configVersion,
    })),
    handoffReasons: (await handle.db.select().from(handoffs)).filter((h) => h.requestTurnId).map((h) => h.reason),
    spans: (await handle.db.select().from(traceSpans)).map((s) => ({
      name: s.name,
      status: s.status,
      decision: s.decision,
      attributes: s.attributes as Record<string, unknown>,
    })),
    tapes: (await handle.db.select().from(turnTapes)).map((t) => t.tape as unknown as TurnTape),
  };
}, 120_000);
afterAll(async () => {
  overrideHostPorts(undefined);
  await handle?.close();
});

async function replayed(agentKey: string): Promise<ReplayReport> {
  const agent = await getAgentByKey(handle.db, agentKey);
  if (!agent) throw new Error(`${agentKey} missing`);
  return replayAgentSessions(handle.db, agent, {
    target: { kind: "recorded" },
    mode: "frozen",
    sessions: { ids: sessionsByAgent.get(agentKey) ?? [] },
    includeSame: true,
  });
}

describe("replay fidelity over a corpus recorded through the turn host", () => {
  it("reproduces every stored turn, stage by stage, under the configuration it ran on", async () => {
    expect(corpus.turns.length).toBeGreaterThanOrEqual(200);
    const spans = await handle.db.select().from(traceSpans).orderBy(asc(traceSpans.turnId), asc(traceSpans.position));
    let replayedTurns = 0;
    for (const agentKey of sessionsByAgent.keys()) {
      const report = await replayed(agentKey);
      const total = report.counts.turns;
      replayedTurns += total;
      expect(report.counts).toMatchObject({ same: total, changed: 0, not_replayable: 0, diverged: 0 });
      expect(report.stops).toEqual([]);
      for (const turn of report.turns) {
        expect(turn.startDrift, `turn ${turn.turnIndex} of ${turn.sessionId}`).toBeUndefined();
        const stored = spans
          .filter((s) => s.turnId === turn.turnId)
          .map((s) => ({ name: s.name, status: s.status, decision: s.decision }));
        // The one stage a replay cannot run again: privacy read the customer's own words, and only the
        // masked message is stored (docs/privacy.md). What it masked is in that message, and the rest matches.
        const comparable = (stages: typeof stored) =>
          stages.map((s) => (s.name === "privacy" ? { ...s, decision: "(masked before it was stored)" } : s));
        expect(comparable(turn.stages ?? []), `stages of turn ${turn.turnIndex} of ${turn.sessionId}`).toEqual(
          comparable(stored),
        );
      }
    }
    expect(replayedTurns).toBe(corpus.turns.length);
  });

  it.each(Object.entries(STAGE_EVIDENCE))("the corpus exercises the %s stage", (_stage, evidence) => {
    expect(evidence.seen(corpus), evidence.what).toBe(true);
  });

  it.each(Object.entries(PATH_EVIDENCE))("the corpus holds this path: %s", (_path, seen) => {
    expect(seen(corpus)).toBe(true);
  });
});
