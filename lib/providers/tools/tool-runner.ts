import type { EngineTool } from "@/lib/engine/contracts/snapshot";
import type { ToolResult, ToolRunner } from "@/lib/engine/ports";
import { outboundFetch } from "@/lib/outbound/outbound-fetch";
import { OutboundRefusedError, outboundTarget, type Resolver } from "@/lib/outbound/outbound-target";

// The ToolRunner port. `static` tools return a deep copy of their configured data.
// `http` tools call their URL — `{input}` placeholders filled with URL-encoded inputs; GET, or POST
// with the input as a JSON body — under four limits:
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
// Non-2xx → `error`. JSON bodies are parsed; anything else comes back as text. Tool output is untrusted
// data either way: the engine never treats it as instructions.

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

type Failure = Extract<ToolResult, { ok: false }>;

class ToolFailure extends Error {
  constructor(
    readonly reason: Failure["reason"],
    message: string,
  ) {
    super(message);
  }
}

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

function positiveInt(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : fallback;
}

/** The tool's URL with `{name}` filled from the input, each value URL-encoded. */
export function buildToolUrl(template: string, input: Record<string, unknown>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const raw = input[name];
    const value = raw === undefined || raw === null ? "" : typeof raw === "object" ? JSON.stringify(raw) : String(raw);
    // "." and ".." survive encodeURIComponent and would walk the path up: refuse them.
    if (/^\.{1,2}$/.test(value)) throw new ToolFailure("refused", `input ${name} may not be "${value}"`);
    return encodeURIComponent(value);
  });
}

async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new ToolFailure("too_large", `the response is ${declared} bytes, over the ${maxBytes}-byte limit`);
  }
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new ToolFailure("too_large", `the response passed the ${maxBytes}-byte limit`);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
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

export function createToolRunner(options: ToolRunnerOptions): ToolRunner {
  const defaultTimeoutMs = options.defaultTimeoutMs ?? 5000;
  const defaultMaxBytes = options.maxBytes ?? 256 * 1024;
  const policy = {
    allowedHosts: options.allowedHosts,
    listedOnly: true,
    resolve: options.resolve,
    ownAddresses: options.ownAddresses,
  };

  async function runHttp(tool: EngineTool, input: Record<string, unknown>): Promise<unknown> {
    const config = tool.output;
    if (typeof config.url !== "string") throw new ToolFailure("error", `tool ${tool.key} has no url`);
    const method = config.method === "POST" ? "POST" : "GET";
    const timeoutMs = positiveInt(config.timeout_ms, defaultTimeoutMs);
    const maxBytes = positiveInt(config.max_bytes, defaultMaxBytes);

    let url: URL;
    try {
      url = new URL(buildToolUrl(config.url, input));
    } catch (error) {
      if (error instanceof ToolFailure) throw error;
      throw new ToolFailure("error", `tool ${tool.key} has an invalid url`);
    }

    const target = outboundTarget(url, policy);
    if (!target.ok) throw new ToolFailure("refused", `the URL ${target.reason}`);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await outboundFetch(target, {
        method,
        signal: controller.signal,
        headers: {
          accept: "application/json, text/plain;q=0.9, */*;q=0.5",
          ...(method === "POST" ? { "content-type": "application/json" } : {}),
        },
        ...(method === "POST" ? { body: JSON.stringify(input) } : {}),
      });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel().catch(() => undefined);
        throw new ToolFailure("error", `HTTP ${response.status || "redirect"}: redirects are not followed`);
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new ToolFailure("error", `HTTP ${response.status} from ${url.host}`);
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

  return {
    async run(tool, input) {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      try {
        let output: unknown;
        if (tool.kind === "static") output = structuredClone(tool.output.data ?? {});
        else if (tool.kind === "http") output = await runHttp(tool, input);
        else throw new ToolFailure("error", `unknown tool kind ${String((tool as { kind: unknown }).kind)}`);
        return { ok: true, output, durationMs: elapsed() };
      } catch (error) {
        if (error instanceof ToolFailure) {
          return { ok: false, reason: error.reason, message: error.message, durationMs: elapsed() };
        }
        return {
          ok: false,
          reason: "error",
          message: (error as Error).message ?? String(error),
          durationMs: elapsed(),
        };
      }
    },
  };
}
