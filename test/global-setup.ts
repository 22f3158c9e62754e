import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client";

// initdb + migrations cost ~4 s; do them once, then every DB test file loads this dump. Uncompressed:
// gunzipping it inside each open cost ~0.35 s of CPU per test database (1.2 s against 0.85 s), and the
// DB tests open more than 150 of them.
async function pgliteTemplate(): Promise<{ file: string; remove: () => void }> {
  const handle = await openDatabase({ dataDir: "memory://" });
  const { PGlite } = await import("@electric-sql/pglite");
  const client = (handle.db as unknown as { $client: InstanceType<typeof PGlite> }).$client;
  const dump = await client.dumpDataDir("none");
  const file = path.join(os.tmpdir(), `focal-pglite-template-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  return { file, remove: () => fs.rmSync(file, { force: true }) };
}

// On a PostgreSQL server the migrations run once into a template database; each test file's database
// is a copy of it (`CREATE DATABASE … TEMPLATE`, a file copy), instead of 14 migrations per file.
async function postgresTemplate(serverUrl: string): Promise<{ name: string; remove: () => Promise<void> }> {
  const name = `focal_template_${randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), maxConnections: 1 });
  // A template takes no connections while it is copied.
  await handle.close();
  return {
    name,
    remove: async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    },
  };
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = await postgresTemplate(serverUrl);
    project.provide("postgresTemplateName", template.name);
    project.provide("pgliteTemplatePath", "");
    return template.remove;
  }
  const template = await pgliteTemplate();
  project.provide("pgliteTemplatePath", template.file);
  project.provide("postgresTemplateName", "");
  return template.remove;
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplateName: string;
  }
}
