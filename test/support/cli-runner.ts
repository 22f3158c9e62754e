import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import type { CliDeps } from "@/lib/cli/cli-deps";
import { runCli } from "@/lib/cli/run-cli";
import { createTestDatabase } from "./test-database";

/**
 * The `focal` CLI for a whole test file: one test database and one temporary directory (made before the
 * file's first test, removed after its last), and `run(argv)` with what it printed. Read `handle()` and
 * `dir()` inside tests.
 */
export function fileCliRunner(tempPrefix: string) {
  let opened: DatabaseHandle | undefined;
  let tempDir: string | undefined;
  beforeAll(async () => {
    opened = await createTestDatabase();
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), tempPrefix));
  });
  afterAll(async () => {
    await opened?.close();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  });
  const handle = (): DatabaseHandle => {
    if (!opened) throw new Error("the file's database opens in beforeAll; read it inside a test");
    return opened;
  };
  const dir = (): string => {
    if (!tempDir) throw new Error("the file's directory is made in beforeAll; read it inside a test");
    return tempDir;
  };
  async function run(argv: string[], openDatabase?: CliDeps["openDatabase"]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(argv, {
      // runCli closes what it opens; the test database outlives each command.
      openDatabase: openDatabase ?? (async () => ({ ...handle(), close: async () => {} })),
      stdout: (text) => out.push(text),
      stderr: (text) => err.push(text),
    });
    return { code, stdout: out.join(""), stderr: err.join("") };
  }
  return { handle, dir, run };
}
