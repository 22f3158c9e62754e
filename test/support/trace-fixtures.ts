import { randomUUID } from "node:crypto";
import type { TraceOutcome } from "@/db/queries/traces";
// biome-ignore lint/style/noRestrictedImports: bulk-inserts a synthetic trace history, thousands of rows no host path writes
import { agents, rules, scenarios, sessions, turns } from "@/db/schema";
import type { Database } from "@/db/types";

// Turns with known filters for the traces tests: every i-th turn gets a known outcome, scenario,
// rules, provider and message, so each test can compute its expected rows with a plain array filter.

export interface FixtureTurn {
  id: string;
  agentId: string;
  sessionId: string;
  createdAt: Date;
  outcome: TraceOutcome;
  scenarioId: string | null;
  intentLabel: string | null;
  firedRuleIds: string[];
  violatedRuleIds: string[];
  provider: string;
  modelCalls: number;
  userMessage: string;
  response: string;
}

export interface TraceFixture {
  agentId: string;
  otherAgentId: string;
  ruleIds: { common: string; often: string; rare: string };
  scenarioIds: [string, string];
  turns: FixtureTurn[];
}

// Messages that test LIKE escaping: "100%" and "snake_case" must match only themselves.
const SPECIAL_MESSAGES: Record<number, string> = {
  10: "Please refund 100% of order 10",
  11: "Please refund 100 of order 11 now",
  20: "what is a snake_case id?",
  21: "what is a snakeXcase id?",
};

function outcomeOf(i: number): TraceOutcome {
  if (i % 50 === 49) return "error";
  return (
    (
      [
        "answered",
        "answered",
        "answered",
        "answered",
        "answered",
        "answered",
        "clarified",
        "regenerated",
        "fallback",
        "escalated",
      ] as const
    )[i % 10] ?? "answered"
  );
}

/** `count` turns of one agent (plus 40 of another), newest at `newest`, 3 sharing each timestamp. */
export async function seedTraceFixture(db: Database, count: number, newest: Date): Promise<TraceFixture> {
  const [agent, other] = await db
    .insert(agents)
    .values([
      { key: `traces-${randomUUID().slice(0, 8)}`, name: "Traces fixture" },
      { key: `traces-other-${randomUUID().slice(0, 8)}`, name: "Other agent" },
    ])
    .returning();
  if (!agent || !other) throw new Error("agents not inserted");
  const ruleRows = await db
    .insert(rules)
    .values(
      ["common", "often", "rare"].map((key) => ({
        agentId: agent.id,
        key,
        name: `Rule ${key}`,
        conditionText: "always",
        actionText: "act",
      })),
    )
    .returning();
  const ruleId = (key: string) => ruleRows.find((r) => r.key === key)?.id ?? "";
  const ruleIds = { common: ruleId("common"), often: ruleId("often"), rare: ruleId("rare") };
  const scenarioRows = await db
    .insert(scenarios)
    .values([
      { agentId: agent.id, key: "refund", name: "Refund", intentLabel: "refund_request" },
      { agentId: agent.id, key: "pricing", name: "Pricing", intentLabel: "price_question" },
    ])
    .returning();
  const scenarioIds: [string, string] = [scenarioRows[0]?.id ?? "", scenarioRows[1]?.id ?? ""];
  const sessionRows = await db
    .insert(sessions)
    .values(Array.from({ length: 12 }, (_, i) => ({ agentId: i < 10 ? agent.id : other.id, channel: "api" as const })))
    .returning();

  const all: FixtureTurn[] = [];
  const total = count + 40;
  for (let i = 0; i < total; i++) {
    const mine = i < count;
    const outcome = outcomeOf(i);
    const scenario = i % 3 === 2 ? null : i % 3;
    const session = sessionRows[mine ? i % 10 : 10 + (i % 2)];
    if (!session) throw new Error("session missing");
    const fired = [
      ...(i % 2 === 0 ? [ruleIds.common] : []),
      ...(i % 5 === 0 ? [ruleIds.often] : []),
      ...(i === 123 ? [ruleIds.rare] : []),
    ];
    all.push({
      id: randomUUID(),
      agentId: mine ? agent.id : other.id,
      sessionId: session.id,
      // 37 minutes apart in triples: ties on created_at exercise the id half of the keyset.
      createdAt: new Date(newest.getTime() - Math.floor(i / 3) * 37 * 60_000),
      outcome,
      scenarioId: mine && scenario !== null ? (scenarioIds[scenario] ?? null) : null,
      intentLabel: mine && scenario !== null ? (scenario === 0 ? "refund_request" : "price_question") : null,
      firedRuleIds: mine ? fired : [],
      violatedRuleIds: outcome === "regenerated" ? [ruleIds.common] : outcome === "fallback" ? [ruleIds.often] : [],
      provider: i % 4 === 0 ? "openai" : "offline",
      // Turn 7 made 12 calls: the dashboard counts it in the "10+" bucket.
      modelCalls: i === 7 ? 12 : 1 + (i % 4),
      userMessage: SPECIAL_MESSAGES[i] ?? `Question ${i} about my order`,
      response: i === 30 ? "Path C:\\orders\\30 found" : `Answer ${i}`,
    });
  }
  const perSession = new Map<string, number>();
  const values = all.map((t, i) => {
    const turnIndex = perSession.get(t.sessionId) ?? 0;
    perSession.set(t.sessionId, turnIndex + 1);
    return { ...t, turnIndex, configVersion: 1, latencyMs: 100 + (i % 900) };
  });
  for (let start = 0; start < values.length; start += 100) {
    await db.insert(turns).values(values.slice(start, start + 100));
  }
  return { agentId: agent.id, otherAgentId: other.id, ruleIds, scenarioIds, turns: all };
}

/** Newest first by (created_at, id), as the list orders; uuid order is its lowercase hex order. */
export function newestFirst(rows: FixtureTurn[]): FixtureTurn[] {
  return [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
}
