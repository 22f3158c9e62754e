import { expect, test } from "@playwright/test";
import postgres from "postgres";
import {
  api,
  type BuildSnapshot,
  createPgDatabase,
  type FocalServer,
  randomApiKey,
  type SessionTurnsView,
  snapshotBuild,
  startFocalServer,
  type TempPgDatabase,
} from "../bench/http/focal-server";

// A turn is stored whole (docs/pipeline.md#persist) (session, turn, spans, loops, ledger event in one
// transaction) or not at all, and is stored before it is acknowledged. So a server SIGKILLed while
// turns are in flight must leave every acknowledged turn, with all its spans, and no half-written turn.
// A second `next start` (the built app, as the Playwright webServer left it) on a fresh PostgreSQL
// database; the child is node itself, not an npx wrapper, so SIGKILL hits the real server.

const MESSAGES = ["How much does the blue kettle cost?", "I want my money back", "It's order 123"];
const SESSIONS = 5;
const IN_FLIGHT = 10;
const ACKS_BEFORE_KILL = 40;

let database: TempPgDatabase | null = null;
let server: FocalServer | null = null;
let app: BuildSnapshot | null = null;

test.describe.configure({ mode: "serial", timeout: 90_000 });

test.afterAll(async () => {
  await server?.stop();
  server = null;
  await database?.drop();
  database = null;
  app?.remove();
  app = null;
});

test("turns acknowledged before a SIGKILL are all stored, whole, without gaps", async () => {
  // A private copy of the build the webServer made, so a rebuild elsewhere cannot pull it away.
  app = await snapshotBuild();
  const appDir = app.dir;
  database = await createPgDatabase("focal_e2e_reliability");
  const apiKey = randomApiKey();
  server = await startFocalServer({ databaseUrl: database.url, apiKey, appDir, healthTimeoutMs: 30_000 });
  const first = server;
  const pid = first.child.pid;
  if (pid === undefined) throw new Error("server has no pid");

  const sessionIds = await Promise.all(
    Array.from({ length: SESSIONS }, () =>
      api<{ session_id: string }>(first, "POST", "/api/v1/agents/refund-desk/sessions", {}, 201).then(
        (s) => s.session_id,
      ),
    ),
  );

  // session id → acknowledged turn ids; `killed` stops the workers from sending more.
  const acknowledged = new Map<string, string[]>(sessionIds.map((id) => [id, []]));
  let acks = 0;
  let killed = false;
  let failedInFlight = 0;
  let sent = 0;
  const worker = async (w: number) => {
    for (let i = 0; !killed; i++) {
      const sessionId = sessionIds[(w + i) % SESSIONS] ?? "";
      const message = MESSAGES[(w + i) % MESSAGES.length] ?? "";
      sent++;
      try {
        const response = await fetch(`${first.baseUrl}/api/v1/sessions/${sessionId}/turns`, {
          method: "POST",
          headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
          body: JSON.stringify({ message }),
          signal: AbortSignal.timeout(20_000),
        });
        const body = (await response.json()) as { turn_id?: string };
        if (response.status !== 200 || !body.turn_id) throw new Error(`status ${response.status}`);
        acknowledged.get(sessionId)?.push(body.turn_id);
        acks++;
        if (acks >= ACKS_BEFORE_KILL && !killed) {
          killed = true;
          // The other workers' requests are still in flight: the server dies mid-turn.
          process.kill(pid, "SIGKILL");
        }
      } catch {
        // Only requests cut off by the kill may fail.
        expect(killed, "a turn failed before the server was killed").toBe(true);
        failedInFlight++;
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, (_, w) => worker(w)));
  await new Promise<void>((resolve) => {
    if (first.child.exitCode !== null || first.child.signalCode !== null) resolve();
    else first.child.once("exit", () => resolve());
  });
  expect(first.child.signalCode).toBe("SIGKILL");
  expect(acks).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);
  console.log(
    `reliability: ${sent} turns sent, ${acks} acknowledged, ${failedInFlight} cut off by SIGKILL (pid ${pid})`,
  );

  // Same database, a new process.
  server = await startFocalServer({ databaseUrl: database.url, apiKey, appDir, healthTimeoutMs: 30_000 });
  const second = server;

  const answeredSpans = new Set<number>();
  for (const sessionId of sessionIds) {
    const view = await api<SessionTurnsView>(second, "GET", `/api/v1/sessions/${sessionId}`);
    const stored = new Map(view.turns.map((t) => [t.id, t]));
    for (const turnId of acknowledged.get(sessionId) ?? []) {
      const turn = stored.get(turnId);
      expect(turn, `acknowledged turn ${turnId} of session ${sessionId} is stored`).toBeDefined();
      if (!turn) continue;
      // Every stage that ran leaves a span. A turn that ran the whole pipeline (answered, regenerated)
      // has one per stage, 10 with the offline provider (sensor … enforcement); one that stopped early
      // has the spans of the stages before the stop: a clarification after routing has 4 (sensor,
      // ambiguity, retrieval, routing), an escalation 4, a sensor fallback 1.
      const full = turn.outcome === "answered" || turn.outcome === "regenerated";
      expect(turn.spans.length, `spans of ${turn.outcome} turn ${turnId}`).toBeGreaterThanOrEqual(full ? 7 : 1);
      if (turn.outcome === "answered") answeredSpans.add(turn.spans.length);
    }
    // No gap: turn_index 0..n-1, and the session's turn_count agrees.
    const indexes = view.turns.map((t) => t.turn_index).sort((a, b) => a - b);
    expect(indexes).toEqual(indexes.map((_, i) => i));
    expect(view.session.turn_count).toBe(view.turns.length);
  }

  // Straight from the database: no turn without spans. The only turns stored without spans by design
  // are outcome "error" (the engine threw; engineErrorOutcome stores the message with spans: []), and a
  // run like this one has none; clarified, fallback and escalated turns stop early but keep the spans
  // of the stages that ran (at least the sensor's), so they count here like answered ones.
  const sql = postgres(database.url, { max: 1, onnotice: () => {} });
  try {
    const [bare] = await sql<{ n: number }[]>`
      select count(*)::int as n from turns t
      where t.outcome <> 'error' and not exists (select 1 from trace_spans s where s.turn_id = t.id)`;
    expect(bare?.n).toBe(0);
    const [errors] = await sql<{ n: number }[]>`select count(*)::int as n from turns where outcome = 'error'`;
    expect(errors?.n).toBe(0);
    // Every stored turn has its ledger event (the same transaction wrote both).
    const [unledgered] = await sql<{ n: number }[]>`
      select count(*)::int as n from turns t
      where not exists (
        select 1 from ledger_events e where e.type = 'TURN_COMPLETED' and e.payload->>'turn_id' = t.id::text)`;
    expect(unledgered?.n).toBe(0);
  } finally {
    await sql.end({ timeout: 5 });
  }
  // Answered turns all run the same stages, so they all carry the same number of spans: none was cut short.
  expect(answeredSpans.size).toBe(1);
});
