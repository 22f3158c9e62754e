import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";

// A real `next start` of the built app as a child process, for the HTTP bench and the reliability
// e2e test. The child is `node …/next start` itself (no npx wrapper), so its pid is the server's.

const ROOT = path.resolve(import.meta.dirname, "../..");

/** postgres:// URL of a server we may create databases on (the test database's server). */
const ADMIN_DATABASE_URL = process.env.FOCAL_TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export function randomApiKey(): string {
  return `fk_${randomBytes(24).toString("base64url")}`;
}

function randomPassword(): string {
  return randomBytes(18).toString("base64url");
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

// The build directory next.config.mjs uses: FOCAL_NEXT_DIST_DIR (parallel e2e runs) or .next.
const NEXT_DIR = path.join(ROOT, process.env.FOCAL_NEXT_DIST_DIR || ".next");
const BUILD_ID = path.join(NEXT_DIR, "BUILD_ID");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Builds the app when the build directory (`.next`, or FOCAL_NEXT_DIST_DIR) has no build; returns
 * whether it built. When another `next build` is running in the tree (it holds the directory's lock
 * and has removed BUILD_ID), waits up to 5 min for it.
 */
export async function ensureBuild(): Promise<boolean> {
  const deadline = Date.now() + 300_000;
  while (!fs.existsSync(BUILD_ID) && fs.existsSync(path.join(NEXT_DIR, "lock")) && Date.now() < deadline) {
    await sleep(1000);
  }
  if (fs.existsSync(BUILD_ID)) return false;
  const result = spawnSync(process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "build"], {
    cwd: ROOT,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`next build failed:\n${result.stdout}\n${result.stderr}`);
  return true;
}

export interface BuildSnapshot {
  /** A project directory holding a private copy of the build, to run `next start` in. */
  dir: string;
  remove(): void;
}

/**
 * A private copy of the build (without its cache, ~50 MB) as `.next` in a temporary project directory
 * whose node_modules, package.json, next.config.mjs, public and db (the migrations) link back to the
 * tree. A `next build` started by someone else in the same tree cannot pull the build from under the
 * servers then. Refuses a build that changed while it was being copied. `build: false` never builds:
 * no build is an error then.
 */
export async function snapshotBuild(options: { build?: boolean } = {}): Promise<BuildSnapshot> {
  for (let attempt = 1; ; attempt++) {
    if (options.build === false) {
      if (!fs.existsSync(BUILD_ID)) throw new Error(`no build in ${NEXT_DIR}: run the e2e tests or next build first`);
    } else {
      await ensureBuild();
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "focal-app-"));
    const remove = () => fs.rmSync(dir, { recursive: true, force: true });
    try {
      const before = fs.readFileSync(BUILD_ID, "utf8");
      fs.cpSync(NEXT_DIR, path.join(dir, ".next"), {
        recursive: true,
        filter: (source) => path.relative(NEXT_DIR, source).split(path.sep)[0] !== "cache",
      });
      const after = fs.existsSync(BUILD_ID) ? fs.readFileSync(BUILD_ID, "utf8") : "";
      if (before !== after) throw new Error("the build in .next changed while it was being copied");
      for (const name of ["node_modules", "package.json", "next.config.mjs", "public", "db"]) {
        if (fs.existsSync(path.join(ROOT, name))) fs.symlinkSync(path.join(ROOT, name), path.join(dir, name));
      }
      return { dir, remove };
    } catch (error) {
      remove();
      // A rebuild started under the copy: wait for it and copy its result.
      if (attempt >= 3) throw error;
    }
  }
}

export interface TempPgDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database on the test PostgreSQL server; drop() removes it (closing its connections). */
export async function createPgDatabase(prefix: string): Promise<TempPgDatabase> {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = postgres(ADMIN_DATABASE_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const sql = postgres(ADMIN_DATABASE_URL, { max: 1, onnotice: () => {} });
      try {
        await sql.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await sql.end({ timeout: 5 });
      }
    },
  };
}

export interface FocalServer {
  baseUrl: string;
  port: number;
  apiKey: string;
  child: ChildProcess;
  /** The last lines the server printed (stdout and stderr), for error messages. */
  log(): string;
  /** SIGTERM, then SIGKILL after 5 s; resolves when the process has exited. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** PGlite data directory, or a postgres:// URL. */
  dataDir?: string;
  databaseUrl?: string;
  port?: number;
  apiKey?: string;
  healthTimeoutMs?: number;
  /** Project directory to serve (a snapshotBuild() copy, another build's tree); the tree itself by default. */
  appDir?: string;
  /** Called with the process as soon as it is spawned (before it is healthy), for clean-up. */
  onSpawn?: (child: ChildProcess) => void;
  /** More environment for the server (settings from lib/env.ts). */
  env?: Record<string, string>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

export async function startFocalServer(options: StartOptions): Promise<FocalServer> {
  const port = options.port ?? (await freePort());
  const apiKey = options.apiKey ?? randomApiKey();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(port),
    FOCAL_BOOTSTRAP_API_KEY: apiKey,
    FOCAL_ADMIN_PASSWORD: randomPassword(),
    FOCAL_PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Empty means unset (lib/env.ts): a developer's own settings must not leak into the child.
    DATABASE_URL: options.databaseUrl ?? "",
    FOCAL_DATA_DIR: options.dataDir ?? "",
    FOCAL_SKIP_DEMO: "",
    // A snapshot holds its build as .next; the tree itself is served from its configured directory.
    FOCAL_NEXT_DIST_DIR: options.appDir ? "" : (process.env.FOCAL_NEXT_DIST_DIR ?? ""),
    ...options.env,
  };
  // The served directory's own Next.js: a snapshot links to the tree's, another build has its own.
  const child = spawn(
    process.execPath,
    [
      path.join(options.appDir ?? ROOT, "node_modules/next/dist/bin/next"),
      "start",
      "-H",
      "127.0.0.1",
      "-p",
      String(port),
    ],
    { cwd: options.appDir ?? ROOT, env, stdio: ["ignore", "pipe", "pipe"], detached: false },
  );
  options.onSpawn?.(child);
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString("utf8").split("\n"));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: FocalServer = {
    baseUrl,
    port,
    apiKey,
    child,
    log: () => lines.join("\n"),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited(child);
      clearTimeout(timer);
    },
  };
  try {
    await waitForHealth(server, options.healthTimeoutMs ?? 120_000);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

async function waitForHealth(server: FocalServer, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`Focal server exited (${server.child.exitCode ?? server.child.signalCode}):\n${server.log()}`);
    }
    try {
      const response = await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(5000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Focal server not healthy after ${timeoutMs} ms:\n${server.log()}`);
}

/** JSON call to the REST API with the server's admin key; throws on an unexpected status. */
export async function api<T>(
  server: Pick<FocalServer, "baseUrl" | "apiKey">,
  method: string,
  route: string,
  body?: unknown,
  expectStatus = 200,
): Promise<T> {
  const response = await fetch(`${server.baseUrl}${route}`, {
    method,
    headers: {
      authorization: `Bearer ${server.apiKey}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (response.status !== expectStatus) {
    throw new Error(`${method} ${route} → ${response.status} (expected ${expectStatus}): ${text.slice(0, 500)}`);
  }
  return JSON.parse(text) as T;
}

/** The parts of GET /api/v1/sessions/{id} the bench and the reliability test read. */
export interface SessionTurnsView {
  session: { id: string; turn_count: number };
  turns: { id: string; turn_index: number; outcome: string; spans: { name: string }[] }[];
}

/**
 * The build directory a bench serves: FOCAL_NEXT_DIST_DIR's, which must hold a build, or `.next`, built
 * when it has none (and noted in the report).
 */
export async function benchBuildDir(report: { note(text: string): void }): Promise<string> {
  const distDir = process.env.FOCAL_NEXT_DIST_DIR || ".next";
  if (!fs.existsSync(path.join(ROOT, distDir, "BUILD_ID"))) {
    if (distDir !== ".next")
      throw new Error(`no build in ${distDir}: run FOCAL_NEXT_DIST_DIR=${distDir} npm run build`);
    if (await ensureBuild()) report.note("built the app (.next had no build)");
  }
  return distDir;
}

/** `run` against a `next start` on a fresh PGlite directory with the offline provider; stopped and removed after. */
export async function withOfflineServer(
  report: { note(text: string): void },
  name: string,
  run: (server: FocalServer) => Promise<void>,
  /** More settings for the server (lib/env.ts), e.g. FOCAL_TRUST_PROXY for a bench that plays many clients. */
  extraEnv: Record<string, string> = {},
): Promise<void> {
  const distDir = await benchBuildDir(report);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `focal-bench-${name}-`));
  let server: FocalServer | null = null;
  try {
    server = await startFocalServer({
      dataDir,
      env: { FOCAL_NEXT_DIST_DIR: distDir, OPENAI_API_KEY: "", OPENAI_BASE_URL: "", ...extraEnv },
      healthTimeoutMs: 300_000,
    });
    await run(server);
  } finally {
    if (server) await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
