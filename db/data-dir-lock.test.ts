import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "./data-dir-lock";

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "focal-lock-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("PGlite data directory lock", () => {
  it("refuses a directory held by another live process, naming it and what to do", () => {
    const dir = tempDir();
    // A live process other than this one: the parent of the test worker.
    fs.writeFileSync(path.join(dir, "focal.lock"), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/already in use by process \d+.*Stop that Focal server first/);
  });

  it("takes over a stale lock left by a process that died", () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString();
    fs.writeFileSync(path.join(dir, "focal.lock"), dead);
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, "focal.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, "focal.lock"))).toBe(false);
  });

  it("lets the next server start once the first released the lock", () => {
    const dir = tempDir();
    acquireDataDirLock(dir)();
    const release = acquireDataDirLock(dir);
    expect(fs.existsSync(path.join(dir, "focal.lock"))).toBe(true);
    release();
  });
});
