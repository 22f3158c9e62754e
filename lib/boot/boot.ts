import "server-only";
import { randomUUID } from "node:crypto";
import { lockFirstStart } from "@/db/queries/advisory-locks";
import { env } from "@/lib/env";
import { getDatabaseHandle } from "@/lib/server/db";
import { ensureAuthSecret } from "@/lib/server/instance-secret";
import { startJobQueue } from "@/lib/server/jobs/process-queue";
import { composeFocal } from "./compose";
import { ensureAdmin } from "./ensure-admin";
import { ensureBootstrapKey } from "./ensure-bootstrap-key";
import { ensureDemoAgent } from "./ensure-demo-agent";

declare global {
  var __focalBoot: Promise<void> | undefined;
}
const slot = globalThis;

/** Opens and migrates the database, then provisions the admin, bootstrap key and demo agent. Once per process. */
export function bootFocal(): Promise<void> {
  slot.__focalBoot ??= runBoot();
  return slot.__focalBoot;
}

async function runBoot(): Promise<void> {
  composeFocal();
  const e = env();
  const requestId = `boot-${randomUUID()}`;
  const handle = await getDatabaseHandle();
  const { db, dialect } = handle;
  const provision = async () => {
    await ensureAuthSecret(db, e.FOCAL_AUTH_SECRET);
    const admin = await ensureAdmin(db, { email: e.FOCAL_ADMIN_EMAIL, password: e.FOCAL_ADMIN_PASSWORD }, requestId);
    if (e.FOCAL_BOOTSTRAP_API_KEY) await ensureBootstrapKey(db, e.FOCAL_BOOTSTRAP_API_KEY, requestId);
    const demoImported = e.FOCAL_SKIP_DEMO ? false : await ensureDemoAgent(db, requestId);
    return { admin, demoImported };
  };
  // Each ensure* checks, then writes. Several instances starting at once on an empty PostgreSQL would
  // each see "missing" and write twice; a transaction-scoped advisory lock makes them take turns (the
  // writes run on other pooled connections while the lock's transaction waits). PGlite is one process.
  const { admin, demoImported } =
    dialect === "postgres"
      ? await db.transaction(async (tx) => {
          await lockFirstStart(tx);
          return provision();
        })
      : await provision();
  // Background jobs: pg-boss on PostgreSQL, the in-process runner on PGlite (lib/server/jobs/), running
  // the handlers composeFocal installed (focal-jobs.ts).
  // On PostgreSQL with FOCAL_WEB_RUNS_JOBS=false, `npm run worker` processes run them (docs/jobs.md).
  const jobs = await startJobQueue(handle, { work: e.FOCAL_WEB_RUNS_JOBS });

  const url = e.FOCAL_PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const where =
    dialect === "pglite" ? `embedded PostgreSQL (PGlite) in ${e.FOCAL_DATA_DIR}` : "PostgreSQL (DATABASE_URL)";
  const lines = [
    "",
    `  Focal is ready on ${url}`,
    `  Database: ${where}`,
    `  Jobs: ${jobs.backend === "pg-boss" ? `pg-boss (schema pgboss)${e.FOCAL_WEB_RUNS_JOBS ? "" : ", run by npm run worker"}` : "in-process runner"}`,
    `  Sign in as: ${admin.email}`,
  ];
  if (admin.generatedPassword) {
    lines.push(`  Password:   ${admin.generatedPassword}   (generated now and shown only once: keep it)`);
  } else if (admin.created) {
    lines.push("  Password:   the one in FOCAL_ADMIN_PASSWORD");
  }
  if (demoImported) lines.push("  Demo agent: Refund desk (refund-desk) imported");
  console.log(lines.join("\n"), "\n");
}
