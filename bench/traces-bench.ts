import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import type { Report } from "./report";

// `BENCH_TRACES=1 npm run bench`: the traces list's server time over 1,000,000 turns (3 spans each)
// in a temporary PostgreSQL database (created, seeded with INSERT … SELECT, dropped again). About
// 2½ minutes on 2 cores, 1½–2 of them the seed. The work runs in a child with
// `--conditions=react-server`, because db/queries is server-only; its `name=value` lines become
// this report's figures and its `# …` lines its notes.

const ROOT = path.resolve(import.meta.dirname, "..");
// The whole child takes ~2½ minutes here; 15 leave room for a slower disk or a busy machine.
const TIMEOUT_MS = 15 * 60_000;

export function benchTraces(report: Report): Promise<void> {
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, "node_modules/tsx/dist/cli.mjs"),
      "--conditions=react-server",
      path.join(ROOT, "bench/traces/traces-bench-child.ts"),
    ],
    { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
  );
  let err = "";
  child.stderr.on("data", (chunk: Buffer) => {
    err += chunk.toString("utf8");
  });
  createInterface({ input: child.stdout }).on("line", (line) => {
    const figure = /^([a-z0-9_]+)=(.*)$/.exec(line);
    if (figure?.[1] && figure[2] !== undefined) report.figure(figure[1], figure[2]);
    else report.note(line.replace(/^# /, ""));
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), TIMEOUT_MS);
  return new Promise((resolve, reject) => {
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`traces bench failed (${code ?? signal}):\n${err}`));
    });
  });
}
