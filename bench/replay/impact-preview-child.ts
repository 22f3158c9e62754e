import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { openDatabase } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
// biome-ignore lint/style/noRestrictedImports: the benchmark seeds recorded sessions, turns and tapes in bulk, outside any host path
import { sessions, turns, turnTapes } from "@/db/schema";
import type { Database } from "@/db/types";
import { composeFocal } from "@/lib/boot/compose";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import { compareSuiteOnDraft } from "@/lib/conversation-tests/server/suite-comparison";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { sequentialIds, staticToolRunner, steppingClock } from "@/lib/engine/testing/fixed-ports";
import { recordSession } from "@/lib/engine/testing/record-session";
import { createOfflineEmbedder, createOfflineProvider } from "@/lib/providers/offline";
import { previewImpact } from "@/lib/replay/server/preview-impact";
import { setDatabaseHandle } from "@/lib/server/db";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { getCompiledAgent } from "@/lib/turns/server/load-snapshot";
import { replayCorpus } from "../replay-corpus";
import { percentile } from "../report";

// The impact preview end to end, as the editor's request runs it: dry-run the edit (validate, write,
// read the draft, roll back), load 2,000 turns with their tapes, replay them frozen on the draft,
// sign the counts. Embedded PGlite in memory, the demo agent, a generated 2,000-turn history.
// Run by bench/replay-bench.ts as a child (lib/server is server-only).

const TURNS = 2000;
const RUNS = 7;
const figure = (name: string, value: string | number) => console.log(`${name}=${value}`);

async function seedHistory(db: Database) {
  const agent = await getAgentByKey(db, "refund-desk");
  if (!agent) throw new Error("demo missing");
  const embedder = createOfflineEmbedder();
  const compiled = await getCompiledAgent(db, agent, embedder);
  const ports = () => ({
    model: createOfflineProvider(),
    embedder,
    tools: staticToolRunner(),
    clock: steppingClock(),
    ids: sequentialIds(),
  });
  let total = 0;
  for (const plan of replayCorpus(TURNS)) {
    const sessionId = randomUUID();
    const recorded = await recordSession(compiled, sessionId, plan.messages, ports(), {
      continuityEnabled: plan.continuity,
      turnId: () => randomUUID(),
    });
    await db.insert(sessions).values({
      id: sessionId,
      agentId: agent.id,
      channel: "api",
      continuityEnabled: plan.continuity,
      turnCount: plan.messages.length,
    });
    await db.insert(turns).values(
      recorded.turns.map((t) => ({
        id: t.turnId,
        sessionId,
        agentId: agent.id,
        turnIndex: t.turnIndex,
        userMessage: t.message,
        response: t.original.response,
        outcome: t.original.outcome,
        provenance: t.original.provenance,
        modelCalls: t.original.modelCalls,
        configVersion: agent.configVersion,
      })),
    );
    await db
      .insert(turnTapes)
      .values(
        recorded.turns.flatMap((t) =>
          t.tape ? [{ turnId: t.turnId, sessionId, turnIndex: t.turnIndex, tape: t.tape }] : [],
        ),
      );
    total += plan.messages.length;
  }
  return { agent, total };
}

async function main() {
  composeFocal();
  const handle = await openDatabase({ dataDir: "memory://" });
  setDatabaseHandle(handle);
  await importBundle(handle.db, demo, SYSTEM_ACTOR, "bench");
  const { agent, total } = await seedHistory(handle.db);
  const rule = demo.rules.find((r) => r.key === "max-refund");
  const input = {
    ...rule,
    enforcement_expression: "refund_amount <= 80",
    agent_key: agent.key,
    expected_config_version: agent.configVersion,
    rule_key: "max-refund",
  };
  const samples: number[] = [];
  let changed = 0;
  let replayed = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const preview = await previewImpact(
      handle.db,
      { kind: "updateRule", input, window: { sessions: 2000, turns: TURNS } },
      { actor: SYSTEM_ACTOR, requestId: "bench", tests: compareSuiteOnDraft },
    );
    // The first run warms the JIT and the compiled-agent cache; it is not counted.
    if (i > 0) samples.push(performance.now() - started);
    changed = preview.report.counts.changed;
    replayed = preview.report.counts.turns;
  }
  // The window stops at the last whole session within 2,000 turns.
  console.log(
    `# impact preview: ${replayed} of ${total} stored turns replayed, ${changed} would change; ${RUNS - 1} timed runs on PGlite`,
  );
  figure("impact_preview_p50_ms_2000_turns", percentile(samples, 50).toFixed(0));
  figure("impact_preview_p95_ms_2000_turns", percentile(samples, 95).toFixed(0));
  await handle.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
