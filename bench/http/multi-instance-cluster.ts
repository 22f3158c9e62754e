import type { ChildProcess } from "node:child_process";
import net from "node:net";
import postgres from "postgres";
import { benchBundle } from "./bench-bundle";
import {
  api,
  type BuildSnapshot,
  createPgDatabase,
  type FocalServer,
  freePort,
  randomApiKey,
  snapshotBuild,
  startFocalServer,
  type TempPgDatabase,
} from "./focal-server";
import { identifyTree, killIdentified, killTree } from "./process-cpu";
import { type RoundRobinProxy, startRoundRobinProxy } from "./round-robin-proxy";

// Several stateless `next start` instances on one PostgreSQL database behind a round-robin proxy
// (bench/http/round-robin-proxy.ts), driven by concurrent sessions whose turns are sequential. Used
// by the bench at full size (bench/http/multi-instance-bench.ts) and by `npm test` at small size
// (test/faults/multi-instance-test.ts), with one instance SIGKILLed (its whole process tree) under load.
// Sessions are driven through it by ./multi-instance-drive.ts and checked by ./multi-instance-checks.ts.

const AGENT_KEY = "multi-desk";

export interface Cluster {
  database: TempPgDatabase;
  servers: FocalServer[];
  proxy: RoundRobinProxy;
  /** The proxy's base URL and the admin key every instance was started with. */
  target: { baseUrl: string; apiKey: string };
  rules: number;
  /** Direct connection to the database, for the checks. */
  sql: postgres.Sql;
  /** Stops every instance (whole process trees), the proxy, and drops the database. Idempotent. */
  stop(): Promise<void>;
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** The wanted ports where free, other free ports where not. */
async function pickPorts(wanted: number[]): Promise<number[]> {
  const ports: number[] = [];
  for (const port of wanted) ports.push((await portFree(port)) ? port : await freePort());
  return ports;
}

/** Whether the process has not exited yet. */
export function running(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null && child.pid !== undefined;
}

/** SIGTERM (SIGKILL after 5 s) to the server, then SIGKILL to whatever of its process tree is left. */
async function stopTree(server: FocalServer): Promise<void> {
  const tree = running(server.child) && server.child.pid ? identifyTree(server.child.pid) : [];
  await server.stop();
  killIdentified(tree);
}

export interface ClusterOptions {
  instances: number;
  rules: number;
  /** Ports for the instances then the proxy (a busy one is replaced by a free one). */
  ports?: number[];
  log?: (line: string) => void;
  /** Handed the cluster's stop() before anything starts, so a signal during start-up can clean up. */
  onStop?: (stop: () => Promise<void>) => void;
  /** More environment for every instance (over the defaults below). */
  env?: Record<string, string>;
}

/**
 * A fresh database, `instances` servers on it from a private copy of the existing build (never
 * builds), the proxy in front, and the bench agent imported. The first instance starts alone (it
 * migrates and provisions the admin, the bootstrap key and the demo agent); the others then start
 * together. On any failure everything started so far is stopped and the database dropped.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? (() => {});
  const wanted = options.ports ?? [3421, 3422, 3423, 3424];
  const ports = await pickPorts(
    Array.from({ length: options.instances + 1 }, (_, i) => wanted[i] ?? 3421 + i).slice(0, options.instances + 1),
  );
  const apiKey = randomApiKey();
  const servers: FocalServer[] = [];
  // Every process spawned, healthy or not yet: a stop() during start-up must not leave one behind.
  const spawned: ChildProcess[] = [];
  let app: BuildSnapshot | null = null;
  let database: TempPgDatabase | null = null;
  let proxy: RoundRobinProxy | null = null;
  let sql: postgres.Sql | null = null;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    // The proxy first: its keep-alive sockets would hold up the servers' graceful shutdown.
    const t0 = Date.now();
    await proxy?.close().catch(() => {});
    await Promise.all(servers.map((s) => stopTree(s).catch(() => {})));
    for (const child of spawned) if (running(child) && child.pid) killTree(child.pid);
    const t1 = Date.now();
    await sql?.end({ timeout: 5 }).catch(() => {});
    await database?.drop().catch((error) => log(`could not drop ${database?.name}: ${error}`));
    app?.remove();
    log(
      `instances stopped in ${((t1 - t0) / 1000).toFixed(1)} s, database dropped in ${((Date.now() - t1) / 1000).toFixed(1)} s`,
    );
  };
  options.onStop?.(stop);
  try {
    app = await snapshotBuild({ build: false });
    const appDir = app.dir;
    database = await createPgDatabase("focal_load");
    const databaseUrl = database.url;
    log(`database ${database.name}; instances on ${ports.slice(0, -1).join(", ")}, proxy on ${ports.at(-1)}`);
    const start = (port: number | undefined) => {
      if (stopped) throw new Error("cluster stopped while starting");
      return startFocalServer({
        databaseUrl,
        apiKey,
        port,
        appDir,
        healthTimeoutMs: 120_000,
        // A turn cut off by the kill holds its Idempotency-Key this long before the client's retry may run
        // it: 20 s instead of the default 60 s keeps the kill test short, and still outlasts a turn of the
        // offline provider under load.
        env: { FOCAL_IDEMPOTENCY_IN_FLIGHT_MS: "20000", ...options.env },
        onSpawn: (child) => spawned.push(child),
      }).then(async (server) => {
        servers.push(server);
        if (stopped) await stopTree(server);
        return server;
      });
    };
    const t0 = Date.now();
    await start(ports[0]);
    await Promise.all(ports.slice(1, options.instances).map(start));
    servers.sort((a, b) => a.port - b.port);
    log(`${servers.length} instances healthy in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    proxy = await startRoundRobinProxy(
      servers.map((s) => s.port),
      ports[options.instances],
    );
    const target = { baseUrl: `http://127.0.0.1:${proxy.port}`, apiKey };
    const { bundle, rules } = benchBundle(AGENT_KEY, options.rules);
    await api(target, "POST", "/api/v1/agents/import", bundle, 201);
    sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    return { database, servers, proxy, target, rules, sql, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export async function createSessions(cluster: Cluster, count: number): Promise<string[]> {
  const ids: string[] = [];
  while (ids.length < count) {
    const batch = Math.min(10, count - ids.length);
    const created = await Promise.all(
      Array.from({ length: batch }, () =>
        api<{ session_id: string }>(cluster.target, "POST", `/api/v1/agents/${AGENT_KEY}/sessions`, {}, 201),
      ),
    );
    ids.push(...created.map((c) => c.session_id));
  }
  return ids;
}
