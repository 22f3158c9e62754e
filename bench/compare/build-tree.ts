import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// The two builds a comparison runs: this tree, and a reference commit checked out in a git worktree
// under the system's temporary directory (kept between runs: a second comparison with the same
// reference reuses its install and build). The reference's node_modules are hard links to this tree's
// when both lockfiles are the same, else its own `npm ci`.

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface BuildTree {
  label: "current" | "reference";
  /** The commit (the reference) or "working tree". */
  revision: string;
  dir: string;
}

const log = (line: string) => process.stderr.write(`compare: ${line}\n`);

function git(args: string[], cwd = ROOT): string {
  return execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { cwd, env, stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed in ${cwd} (${result.status})`);
}

export function currentTree(): BuildTree {
  return { label: "current", revision: "working tree", dir: ROOT };
}

/** The reference commit checked out and installed (not built: `ensureBuilt` does that when HTTP runs). */
export function referenceTree(ref: string): BuildTree {
  const sha = git(["rev-parse", "--verify", `${ref}^{commit}`]);
  const dir = path.join(os.tmpdir(), `focal-reference-${sha.slice(0, 12)}`);
  if (!fs.existsSync(path.join(dir, "package.json"))) {
    fs.rmSync(dir, { recursive: true, force: true });
    git(["worktree", "prune"]);
    log(`checking out ${ref} (${sha.slice(0, 12)}) in ${dir}`);
    git(["worktree", "add", "--detach", dir, sha]);
  }
  if (!fs.existsSync(path.join(dir, "node_modules"))) {
    const same =
      fs.readFileSync(path.join(ROOT, "package-lock.json"), "utf8") ===
      fs.readFileSync(path.join(dir, "package-lock.json"), "utf8");
    if (same) {
      log("same lockfile: linking this tree's node_modules");
      run("cp", ["-al", path.join(ROOT, "node_modules"), path.join(dir, "node_modules")], ROOT);
    } else {
      log("installing the reference's dependencies (npm ci)");
      run("npm", ["ci", "--no-audit", "--no-fund"], dir);
    }
  }
  return { label: "reference", revision: sha, dir };
}

/** `next build` in the tree when its .next has no build. */
export function ensureBuilt(tree: BuildTree): void {
  if (fs.existsSync(path.join(tree.dir, ".next", "BUILD_ID"))) return;
  log(`building ${tree.label} (${tree.revision})`);
  run(process.execPath, [path.join(tree.dir, "node_modules/next/dist/bin/next"), "build"], tree.dir, {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    FOCAL_NEXT_DIST_DIR: "",
  });
}

/** Runs a TypeScript file of this tree inside `tree` (copied there for the reference), with `args`; its stdout. */
export function runInTree(tree: BuildTree, script: string, args: string[], env: Record<string, string> = {}): string {
  const target = path.join(tree.dir, script);
  if (tree.dir !== ROOT) {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(ROOT, script), target);
  }
  const result = spawnSync(
    process.execPath,
    [path.join(tree.dir, "node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", target, ...args],
    { cwd: tree.dir, env: { ...process.env, ...env }, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error(`${script} failed in the ${tree.label} build:\n${result.stderr}`);
  return result.stdout;
}
