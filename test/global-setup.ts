import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client";

// initdb + migrations cost ~4 s; do them once, then every DB test file loads this dump (~0.8 s).
export default async function setup(project: TestProject) {
  const handle = await openDatabase({ dataDir: "memory://" });
  const { PGlite } = await import("@electric-sql/pglite");
  const client = (handle.db as unknown as { $client: InstanceType<typeof PGlite> }).$client;
  const dump = await client.dumpDataDir("gzip");
  const file = path.join(os.tmpdir(), `focal-pglite-template-${process.pid}.tar.gz`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide("pgliteTemplatePath", file);
  return () => fs.rmSync(file, { force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
  }
}
