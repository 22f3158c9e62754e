import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { openDatabase } from "@/db/client";
import { measureDashboard } from "./measure-dashboard";
import { measureShape, type ShapeResult, traceShapes } from "./measure-traces-list";
import { seedTraces } from "./seed-traces";

// The traces-list bench, run by bench/traces-bench.ts as a child with `--conditions=react-server`
// (db/queries is server-only). Prints bench lines on stdout: `# note` and `name=value`.
//
//   tsx --conditions=react-server bench/traces/traces-bench-child.ts
//
// Env: BENCH_TRACES_PG_URL (server, default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_TRACES_TURNS (default 1,000,000).

const SERVER_URL = process.env.BENCH_TRACES_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const TURNS = Number(process.env.BENCH_TRACES_TURNS ?? 1_000_000);
const SUFFIX = TURNS === 1_000_000 ? "1m" : `${TURNS}`;

const note = (text: string) => console.log(`# traces: ${text}`);
const figure = (name: string, value: string | number) => console.log(`${name}=${value}`);
const ms = (n: number) => n.toFixed(1);

function report(headline: ShapeResult[], extra: ShapeResult[]) {
  for (const r of [...headline, ...extra]) {
    note(`${r.name}: ${r.rows} rows, p50 ${ms(r.p50)} ms, p95 ${ms(r.p95)} ms — ${r.plan}`);
  }
  // The headline figures are the worst shape's, so "p95 ≤ 150 ms" holds for every shape measured.
  figure(`traces_list_p50_ms_${SUFFIX}`, ms(Math.max(...headline.map((r) => r.p50))));
  figure(`traces_list_p95_ms_${SUFFIX}`, ms(Math.max(...headline.map((r) => r.p95))));
  for (const r of [...headline, ...extra]) figure(`traces_list_p95_ms_${SUFFIX}_${r.name}`, ms(r.p95));
}

async function main() {
  const name = `focal_bench_traces_${randomBytes(4).toString("hex")}`;
  const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  note(`database ${name}, ${TURNS.toLocaleString("en-US")} turns with 3 spans each`);
  const started = Date.now();
  try {
    const handle = await openDatabase({ url: url.toString(), maxConnections: 2 });
    // One connection for the load: its temp tables and SETs live on that connection only.
    const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
    try {
      await seedTraces(sql, TURNS, note);
      note(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      const shapes = await traceShapes(sql, new Date());
      const headline: ShapeResult[] = [];
      for (const shape of shapes.headline) headline.push(await measureShape(handle.db, shape));
      const extra: ShapeResult[] = [];
      for (const shape of shapes.extra) extra.push(await measureShape(handle.db, shape));
      report(headline, extra);
      for (const days of [14, 30] as const) {
        const d = await measureDashboard(handle.db, shapes.agentId, days);
        note(
          `dashboard over ${days} days (${d.turns.toLocaleString("en-US")} turns): first load (rolls up the closed days) ${ms(d.cold)} ms, then p50 ${ms(d.p50)} ms, p95 ${ms(d.p95)} ms`,
        );
        figure(`agent_dashboard_p50_ms_${SUFFIX}_${days}d`, ms(d.p50));
        figure(`agent_dashboard_first_load_ms_${SUFFIX}_${days}d`, ms(d.cold));
      }
    } finally {
      await sql.end({ timeout: 5 });
      await handle.close();
    }
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end({ timeout: 5 });
    note(`dropped ${name}; ${((Date.now() - started) / 1000).toFixed(0)} s in all`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
