import { createHash } from "node:crypto";
import type { EngineTool } from "@/lib/engine/contracts/snapshot";
import type { SentRequest, ToolResult, ToolRunner } from "@/lib/engine/ports";
import { type OutboundMethod, outboundFetch } from "@/lib/outbound/outbound-fetch";
import { OutboundRefusedError, outboundTarget, type Resolver } from "@/lib/outbound/outbound-target";
import { readCappedStream } from "@/lib/server/read-capped-stream";
import { buildToolUrl, fillJson, fillText, headerValue } from "./http-templates";
import { callMcpTool } from "./mcp-call";
import { ToolFailure } from "./tool-failure";

// The ToolRunner port. `static` tools return a deep copy of their configured data; `mcp` tools call
// their MCP server's tool under the same four limits (mcp-call.ts, mcp-client.ts).
// `http` tools call their URL with their method (GET, POST, PUT, PATCH, DELETE), their path, query,
// header and body templates filled from the inputs (http-templates.ts) and their credential applied,
// under four limits:
//
//   allowlist   only hosts in allowedHosts (lib/outbound/host-allowlist.ts); anything else is refused
//               before any request is made;
//   SSRF        the outbound address policy (lib/outbound/outbound-target.ts): special-purpose and this
//               host's own addresses are refused, written as an IP or reached through DNS, unless an
//               entry names that exact host, and the address is checked by the connection's own DNS
//               lookup, so the address connected to is the one checked; redirects are not followed
//               (a 3xx is an error), so an allowed host cannot bounce us inward;
//   time        one deadline (output.timeout_ms, else defaultTimeoutMs) covers DNS, connect, headers
//               and body → `timeout`;
//   size        output.max_bytes (else maxBytes), checked on Content-Length and while streaming → `too_large`.
//
// Non-2xx → `error` with the `status`. JSON bodies are parsed; anything else comes back as text. Tool
// output is untrusted data either way: the engine never treats it as instructions. A method other
// than GET carries an `Idempotency-Key` derived from the turn's call key and the tool, the same when
// the same turn runs again. No message names a header, a query value or a credential, and the
// credential's values are masked in whatever text a failure carries (docs/tools.md#credentials).

/** What a credential adds to one request; `secrets` are masked in any message the call produces. */
export interface AppliedCredential {
  headers: Record<string, string>;
  query: Record<string, string>;
  secrets: string[];
}

/** What the host knows about one call beside the tool and its input. */
export interface ToolCallContext {
  /** The named credential as this turn's environment binds it; throws a ToolFailure when it has none. */
  credential?: (name: string) => Promise<AppliedCredential>;
  /** Stable for one turn of one session, also when that turn runs again ("<session id>:<turn index>"). */
  callKey?: string;
}

/** The runner the host builds; `runWith` takes the turn's context (credentials, idempotency). */
export interface HttpToolRunner extends ToolRunner {
  runWith(tool: EngineTool, input: Record<string, unknown>, context: ToolCallContext): Promise<ToolResult>;
}

export interface ToolRunnerOptions {
  /** Allowlist entries (lib/outbound/host-allowlist.ts), e.g. parsed from FOCAL_TOOL_HOSTS by the host. */
  allowedHosts: readonly string[];
  /** Every address a hostname resolves to; default the system resolver (tests answer here). */
  resolve?: Resolver;
  /** This host's own addresses (tests); default os.networkInterfaces(). */
  ownAddresses?: () => ReadonlySet<string>;
  defaultTimeoutMs?: number;
  maxBytes?: number;
}

function positiveInt(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : fallback;
}

async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new ToolFailure("too_large", `the response is ${declared} bytes, over the ${maxBytes}-byte limit`);
  }
  if (!response.body) return new Uint8Array(0);
  const body = await readCappedStream(response.body, maxBytes);
  if (!body) throw new ToolFailure("too_large", `the response passed the ${maxBytes}-byte limit`);
  return body;
}

function parseBody(bytes: Uint8Array): unknown {
  const text = new TextDecoder("utf-8").decode(bytes);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const METHODS = new Set<OutboundMethod>(["GET", "POST", "PUT", "PATCH", "DELETE"]);

function methodOf(value: unknown): OutboundMethod {
  return METHODS.has(value as OutboundMethod) ? (value as OutboundMethod) : "GET";
}

function recordOf(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function lowerKeys(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([name, value]) => [name.toLowerCase(), value]));
}

/** GET sends no body; the others their body template filled, or (POST, PUT, PATCH without one) the input. */
function bodyOf(method: OutboundMethod, template: unknown, input: Record<string, unknown>): string | undefined {
  if (method === "GET") return undefined;
  if (template !== undefined) return JSON.stringify(fillJson(template, input));
  return method === "DELETE" ? undefined : JSON.stringify(input);
}

/** 128 bits of SHA-256 over the turn's call key and the tool: the same key when the same turn runs again. */
function idempotencyKey(callKey: string, tool: EngineTool): string {
  return createHash("sha256").update(`${callKey}\u0000${tool.id}`).digest("hex").slice(0, 32);
}

async function credentialFor(context: ToolCallContext, name: string): Promise<AppliedCredential> {
  if (!context.credential) throw new ToolFailure("error", `credential "${name}" is not available here`);
  return context.credential(name);
}

/** The message with every credential value in it replaced by ••••. */
function masked(message: string, secrets: readonly string[]): string {
  let text = message;
  for (const secret of secrets) if (secret.length >= 4) text = text.split(secret).join("••••");
  return text;
}

// A request body shown in a trace is cut here: enough to see what was sent, not a second copy of it.
const SHOWN_BODY = 2000;

/**
 * The request as it goes out, for the trace and Try it: a header the credential set is `••••` whole
 * (its scheme too: "Bearer" says little and the kind is on the credential), every other value with the
 * credential's values masked.
 */
function sentRequest(
  request: { method: string; url: URL; headers: Record<string, string>; body: string | undefined },
  credential: AppliedCredential | null,
): SentRequest {
  const secrets = credential?.secrets ?? [];
  const own = new Set(Object.keys(lowerKeys(credential?.headers ?? {})));
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name, own.has(name) ? "••••" : masked(value, secrets)]),
  );
  const body = request.body === undefined ? undefined : masked(request.body.slice(0, SHOWN_BODY), secrets);
  return { method: request.method, url: masked(request.url.toString(), secrets), headers, ...(body ? { body } : {}) };
}

export function createToolRunner(options: ToolRunnerOptions): HttpToolRunner {
  const defaultTimeoutMs = options.defaultTimeoutMs ?? 5000;
  const defaultMaxBytes = options.maxBytes ?? 256 * 1024;
  const policy = {
    allowedHosts: options.allowedHosts,
    listedOnly: true,
    resolve: options.resolve,
    ownAddresses: options.ownAddresses,
  };

  async function runHttp(
    tool: EngineTool,
    input: Record<string, unknown>,
    context: ToolCallContext,
    sent: { request?: SentRequest },
  ): Promise<unknown> {
    const config = tool.output;
    if (typeof config.url !== "string") throw new ToolFailure("error", `tool ${tool.key} has no url`);
    const method = methodOf(config.method);
    const timeoutMs = positiveInt(config.timeout_ms, defaultTimeoutMs);
    const maxBytes = positiveInt(config.max_bytes, defaultMaxBytes);
    const credential =
      typeof config.credential === "string" && config.credential
        ? await credentialFor(context, config.credential)
        : null;

    let url: URL;
    try {
      url = new URL(buildToolUrl(config.url, input));
    } catch (error) {
      if (error instanceof ToolFailure) throw error;
      throw new ToolFailure("error", `tool ${tool.key} has an invalid url`);
    }
    for (const [name, template] of Object.entries(recordOf(config.query))) {
      url.searchParams.append(name, fillText(String(template), input));
    }
    for (const [name, value] of Object.entries(credential?.query ?? {})) url.searchParams.set(name, value);

    const headers: Record<string, string> = { accept: "application/json, text/plain;q=0.9, */*;q=0.5" };
    for (const [name, template] of Object.entries(recordOf(config.headers))) {
      headers[name.toLowerCase()] = headerValue(name, String(template), input);
    }
    Object.assign(headers, lowerKeys(credential?.headers ?? {}));
    const body = bodyOf(method, config.body, input);
    if (body !== undefined) headers["content-type"] = "application/json";
    if (method !== "GET" && context.callKey) headers["idempotency-key"] = idempotencyKey(context.callKey, tool);
    sent.request = sentRequest({ method, url, headers, body }, credential);

    const target = outboundTarget(url, policy);
    if (!target.ok) throw new ToolFailure("refused", `the URL ${target.reason}`);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await outboundFetch(target, { method, signal: controller.signal, headers, body });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel().catch(() => undefined);
        throw new ToolFailure(
          "error",
          `HTTP ${response.status || "redirect"}: redirects are not followed`,
          response.status || undefined,
        );
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new ToolFailure("error", `HTTP ${response.status} from ${url.host}`, response.status);
      }
      return parseBody(await readCapped(response, maxBytes));
    } catch (error) {
      if (controller.signal.aborted) throw new ToolFailure("timeout", `no complete answer within ${timeoutMs} ms`);
      if (error instanceof ToolFailure) throw error;
      if (error instanceof OutboundRefusedError) throw new ToolFailure("refused", `the URL ${error.message}`);
      throw new ToolFailure("error", `request to ${url.host} failed: ${(error as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
  }

  /** An mcp tool: the SDK client's callTool under the same policy, deadline and size cap (mcp-client.ts). */
  async function runMcp(tool: EngineTool, input: Record<string, unknown>, context: ToolCallContext): Promise<unknown> {
    const config = tool.output;
    const credential =
      typeof config.credential === "string" && config.credential
        ? await credentialFor(context, config.credential)
        : null;
    return callMcpTool(tool, input, credential, {
      policy,
      timeoutMs: positiveInt(config.timeout_ms, defaultTimeoutMs),
      maxBytes: positiveInt(config.max_bytes, defaultMaxBytes),
    });
  }

  async function runWith(
    tool: EngineTool,
    input: Record<string, unknown>,
    context: ToolCallContext,
  ): Promise<ToolResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const secrets: string[] = [];
    const watched: ToolCallContext = {
      ...context,
      ...(context.credential
        ? {
            credential: async (name) => {
              const applied = await (context.credential as NonNullable<ToolCallContext["credential"]>)(name);
              secrets.push(...applied.secrets);
              return applied;
            },
          }
        : {}),
    };
    const sent: { request?: SentRequest } = {};
    const request = () => (sent.request ? { request: sent.request } : {});
    try {
      let output: unknown;
      if (tool.kind === "static") output = structuredClone(tool.output.data ?? {});
      else if (tool.kind === "http") output = await runHttp(tool, input, watched, sent);
      else if (tool.kind === "mcp") output = await runMcp(tool, input, watched);
      else throw new ToolFailure("error", `unknown tool kind ${String((tool as { kind: unknown }).kind)}`);
      return { ok: true, output, durationMs: elapsed(), ...request() };
    } catch (error) {
      const failure = error instanceof ToolFailure ? error : null;
      const message = masked(failure ? failure.message : ((error as Error).message ?? String(error)), secrets);
      return {
        ok: false,
        reason: failure?.reason ?? "error",
        message,
        durationMs: elapsed(),
        ...(failure?.status ? { status: failure.status } : {}),
        ...request(),
      };
    }
  }

  return { run: (tool, input) => runWith(tool, input, {}), runWith };
}
