import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import type { Report } from "./report";

const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * Runs a bench script as a child with `--conditions=react-server` (db/queries and lib/server are
 * server-only): its `name=value` lines become this report's figures and its `# …` lines its notes.
 * `nodeFlags` go to node through tsx (`--expose-gc` for resident-size figures), `args` to the script.
 */
export function runBenchChild(
  report: Report,
  script: string,
  timeoutMs: number,
  label: string,
  nodeFlags: string[] = [],
  args: string[] = [],
): Promise<void> {
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, "node_modules/tsx/dist/cli.mjs"),
      ...nodeFlags,
      "--conditions=react-server",
      path.join(ROOT, script),
      ...args,
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
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  return new Promise((resolve, reject) => {
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${label} bench failed (${code ?? signal}):\n${err}`));
    });
  });
}
