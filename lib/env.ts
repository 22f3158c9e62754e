import { z } from "zod";

// The only reader of process.env (outside config files): every setting is named, typed and validated here.
const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

// Which hops in front of Focal may speak for the client (X-Forwarded-For/-Host/-Proto). Unset: none,
// the socket's peer is the client. "1": the nearest hop (one load balancer); "10.0.0.0/8,fd00::/8":
// hops whose address is listed. A plain "true" is refused: it would trust any client's header.
const TrustProxy = z
  .string()
  .optional()
  .transform((value, ctx): TrustedProxies => {
    const given = (value ?? "").trim();
    if (given === "" || given === "0" || given === "false") return { hops: 0, ranges: [] };
    if (/^\d+$/.test(given)) return { hops: Math.min(Number(given), 32), ranges: [] };
    const ranges = given
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = ranges.filter((entry) => !isAddressOrCidr(entry));
    if (bad.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `name a hop count (1) or proxy addresses/CIDRs (10.0.0.0/8,::1); not ${bad.join(", ")}`,
      });
      return z.NEVER;
    }
    return { hops: 0, ranges };
  });

export interface TrustedProxies {
  /** The nearest `hops` hops are proxies (0: none by count). */
  hops: number;
  /** Or: hops whose address falls in one of these addresses/CIDRs are proxies. */
  ranges: string[];
}

function isAddressOrCidr(entry: string): boolean {
  return (
    z.ipv4().safeParse(entry).success ||
    z.ipv6().safeParse(entry).success ||
    z.cidrv4().safeParse(entry).success ||
    z.cidrv6().safeParse(entry).success
  );
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().url().optional(),
  FOCAL_DATA_DIR: z.string().min(1).default(".data/pglite"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  FOCAL_PUBLIC_URL: z.string().url().optional(),
  FOCAL_ADMIN_EMAIL: z.string().email().default("admin@focal.local"),
  FOCAL_ADMIN_PASSWORD: z.string().min(8, "FOCAL_ADMIN_PASSWORD needs at least 8 characters").optional(),
  FOCAL_BOOTSTRAP_API_KEY: z
    .string()
    .regex(/^fk_[A-Za-z0-9_-]{20,}$/, "FOCAL_BOOTSTRAP_API_KEY must look like fk_ followed by 20+ characters")
    .optional(),
  FOCAL_AUTH_SECRET: z.string().min(32).optional(),
  // The PII vault's AES-256-GCM key (docs/privacy.md): 32 bytes as 64 hex digits or base64. Unset on
  // PGlite: one is generated into the data directory; unset on PostgreSQL: values stay masked, unkept.
  FOCAL_VAULT_KEY: z
    .string()
    .regex(/^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/, "FOCAL_VAULT_KEY must be 32 bytes: 64 hex digits or base64")
    .optional(),
  FOCAL_TOOL_HOSTS: z.string().default(""),
  FOCAL_SKIP_DEMO: booleanFlag,
  // Sign-in attempts a minute per client address (better-auth, stored in the DB). 5 stops guessing;
  // the e2e suite, which signs in from one address many times, raises it.
  FOCAL_SIGN_IN_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(5),
  FOCAL_TRUST_PROXY: TrustProxy,
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  FOCAL_OPENAI_MODEL: z.string().min(1).default("gpt-4o-mini"),
  // 20 s: a structured-output call to a hosted model rarely takes more than 5 s.
  FOCAL_MODEL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  // How long a turn's Idempotency-Key stays "in flight" when its server died mid-turn; a retry gets
  // 409 until then. 60 s outlasts the slowest turn (three model calls at the 20 s timeout).
  FOCAL_IDEMPOTENCY_IN_FLIGHT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  // Longest a request waits for a PostgreSQL connection (making one, or a free one from the pool)
  // before it answers 503 DB_UNAVAILABLE; 5 s is far above a healthy pool's wait (well under 1 ms).
  FOCAL_DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  // Worker threads for replays, test runs and impact previews (docs/jobs.md). Unset or 0: the cores
  // less one, at least one, so a core stays free for the thread that answers requests.
  FOCAL_BACKGROUND_WORKERS: z.coerce.number().int().min(0).max(64).default(0),
  // false: on PostgreSQL this web process only queues jobs; `npm run worker` processes (lib/cli/worker.ts)
  // run them. On PGlite, which one process owns, the web process always runs its jobs.
  FOCAL_WEB_RUNS_JOBS: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => v !== "false" && v !== "0"),
  // Replays, test runs and impact previews open at once, per API key or operator and per agent; one
  // more is answered 429 with Retry-After. Two let a designer compare while a third waits its turn.
  FOCAL_RUNS_PER_PRINCIPAL: z.coerce.number().int().min(1).max(1000).default(2),
  FOCAL_RUNS_PER_AGENT: z.coerce.number().int().min(1).max(1000).default(4),
  // Open GET /sessions/{id}/events streams per process; one more is answered 503. Each holds a socket
  // and a few kB; 1,000 is five times the 200 the benchmark holds open with a p95 delivery of ~ms.
  FOCAL_EVENT_STREAMS_MAX: z.coerce.number().int().min(1).max(100_000).default(1000),
  NEXT_PUBLIC_GROUNDING_CONTINUITY_ENABLED: booleanFlag,
  // OpenTelemetry trace export (lib/server/telemetry): off unless an endpoint is set. The endpoint is
  // checked where it is used, so a malformed one warns once at start-up instead of stopping Focal.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.string().optional(),
  // "Authorization=Basic abc,x-tenant=1": comma-separated key=value pairs, values URL-encoded.
  OTEL_EXPORTER_OTLP_HEADERS: z.string().optional(),
  OTEL_EXPORTER_OTLP_TRACES_HEADERS: z.string().optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: z.enum(["http/protobuf", "http/json"]).optional(),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: z.enum(["http/protobuf", "http/json"]).optional(),
  OTEL_EXPORTER_OTLP_TIMEOUT: z.coerce.number().int().min(100).max(120_000).default(10_000),
  OTEL_SERVICE_NAME: z.string().min(1).default("focal"),
  OTEL_RESOURCE_ATTRIBUTES: z.string().optional(),
  // The batch queue's bound: spans beyond it are dropped (and counted), never waited for.
  OTEL_BSP_MAX_QUEUE_SIZE: z.coerce.number().int().min(1).max(1_000_000).default(2048),
  OTEL_BSP_SCHEDULE_DELAY: z.coerce.number().int().min(0).max(600_000).default(1000),
  OTEL_SDK_DISABLED: booleanFlag,
  // Customer text (the user's message, the reply) goes into exported spans only when this is true.
  FOCAL_OTEL_INCLUDE_TEXT: booleanFlag,
});

export type Env = z.infer<typeof EnvSchema>;

const VARIABLES = Object.keys(EnvSchema.shape);
let cached: { fingerprint: string; value: Env } | undefined;

/**
 * The settings, parsed once per change of the environment: a request reads them many times, and the
 * ~30 lookups that tell whether a variable changed cost microseconds next to a zod parse. A test or
 * the CLI that sets process.env gets the new values on the next call.
 */
export function env(): Env {
  const fingerprint = VARIABLES.map((name) => process.env[name] ?? "").join("\u0000");
  if (cached?.fingerprint === fingerprint) return cached.value;
  // An empty variable (DATABASE_URL= ) means "not set", as in most tools.
  const given = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ""));
  const parsed = EnvSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  cached = { fingerprint, value: parsed.data };
  return cached.value;
}

/** Next.js build phase: the build must never open the database. */
export function isBuildPhase(): boolean {
  return process.env.NEXT_PHASE === "phase-production-build";
}
