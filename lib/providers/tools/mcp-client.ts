import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { type OutboundMethod, outboundFetch } from "@/lib/outbound/outbound-fetch";
import { type OutboundPolicy, OutboundRefusedError, outboundTarget } from "@/lib/outbound/outbound-target";
import { ToolFailure } from "./tool-failure";

// One conversation with a streamable-HTTP MCP server (docs/tools.md#mcp-servers) through the official
// SDK client, under the http tools' limits: every request the transport makes (initialize, the call,
// its optional event stream, the session's end) goes through the outbound policy and transport
// (host allow-list, address policy, no redirects: a 3xx fails the request), one deadline covers the
// whole conversation (5 s by default), and every response body counts towards one size cap (64 KiB by
// default), so a server cannot stream without end. Failures come out as ToolFailure: `timeout`,
// `refused`, `too_large`, or `error` with the HTTP status when there was one.

/** What a credential adds to each request to the server. */
export interface McpCredential {
  headers: Record<string, string>;
  query: Record<string, string>;
}

export interface McpLimits {
  policy: OutboundPolicy;
  timeoutMs: number;
  maxBytes: number;
}

/** Why a request of the conversation failed in a way the SDK's own error would hide. */
interface Trouble {
  reason: "refused" | "too_large" | null;
  message: string;
  /** Whether any request got an HTTP answer: a server that answered wrongly, not one never reached. */
  answered: boolean;
}

/** A failed conversation: the tool failure, and whether the server answered at all. */
export class McpFailure extends ToolFailure {
  constructor(
    failure: ToolFailure,
    readonly answered: boolean,
  ) {
    super(failure.reason, failure.message, failure.status);
  }
}

const METHODS = new Set<string>(["GET", "POST", "DELETE", "PUT", "PATCH"]);

function headerRecord(headers: RequestInit["headers"]): Record<string, string> {
  const record: Record<string, string> = {};
  new Headers(headers).forEach((value, name) => {
    record[name] = value;
  });
  return record;
}

/** A response whose body errors once the conversation's bodies pass `budget.left` bytes. */
function capped(response: Response, budget: { left: number }, trouble: Trouble, maxBytes: number): Response {
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > budget.left) {
    trouble.reason = "too_large";
    trouble.message = `the MCP server's answer passed the ${maxBytes}-byte limit`;
    throw new Error(trouble.message);
  }
  if (!response.body) return response;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      budget.left -= chunk.byteLength;
      if (budget.left < 0) {
        trouble.reason = "too_large";
        trouble.message = `the MCP server's answer passed the ${maxBytes}-byte limit`;
        controller.error(new Error(trouble.message));
        return;
      }
      controller.enqueue(chunk);
    },
  });
  return new Response(response.body.pipeThrough(counter), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/** The SDK transport's fetch: the outbound policy, the credential, the deadline and the size budget. */
function policyFetch(
  credential: McpCredential | null,
  limits: McpLimits,
  deadline: AbortSignal,
  trouble: Trouble,
): FetchLike {
  const budget = { left: limits.maxBytes };
  return async (input, init) => {
    const url = new URL(String(input));
    for (const [name, value] of Object.entries(credential?.query ?? {})) url.searchParams.set(name, value);
    const target = outboundTarget(url, limits.policy);
    if (!target.ok) {
      trouble.reason = "refused";
      trouble.message = `the URL ${target.reason}`;
      throw new Error(trouble.message);
    }
    const method = (init?.method ?? "GET").toUpperCase();
    if (!METHODS.has(method)) throw new Error(`method ${method} is not sent`);
    const headers = { ...headerRecord(init?.headers), ...credential?.headers };
    const signal = init?.signal ? AbortSignal.any([deadline, init.signal]) : deadline;
    const body = typeof init?.body === "string" ? init.body : undefined;
    try {
      const response = await outboundFetch(target, { method: method as OutboundMethod, headers, body, signal });
      trouble.answered = true;
      return capped(response, budget, trouble, limits.maxBytes);
    } catch (error) {
      if (error instanceof OutboundRefusedError) {
        trouble.reason = "refused";
        trouble.message = `the URL ${error.message}`;
      }
      throw error;
    }
  };
}

/** The failure a conversation's error stands for, in words that say what happened. */
function failureOf(error: unknown, trouble: Trouble, timedOut: boolean, limits: McpLimits, host: string): ToolFailure {
  if (trouble.reason) return new ToolFailure(trouble.reason, trouble.message);
  if (timedOut)
    return new ToolFailure("timeout", `the MCP server gave no complete answer within ${limits.timeoutMs} ms`);
  if (error instanceof StreamableHTTPError) {
    const status = typeof error.code === "number" && error.code >= 300 ? error.code : undefined;
    return new ToolFailure("error", `the MCP server at ${host} refused the request: ${error.message}`, status);
  }
  if (error instanceof McpError)
    return new ToolFailure("error", `the MCP server at ${host} answered: ${error.message}`);
  const message = error instanceof Error ? error.message : String(error);
  return new ToolFailure("error", `the MCP server at ${host} failed: ${message}`);
}

/**
 * Connects to the server at `url`, runs `work` with the connected client, and closes the session.
 * The deadline and the size budget hold for the whole conversation.
 */
export async function withMcpClient<T>(
  url: string,
  credential: McpCredential | null,
  limits: McpLimits,
  work: (client: Client, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  let host = "the server";
  try {
    host = new URL(url).host;
  } catch {
    throw new ToolFailure("error", "the MCP server's URL is not a URL");
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  const trouble: Trouble = { reason: null, message: "", answered: false };
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    fetch: policyFetch(credential, limits, controller.signal, trouble),
    // One attempt per request: a reconnecting event stream would outlive the deadline.
    reconnectionOptions: {
      maxReconnectionDelay: 0,
      initialReconnectionDelay: 0,
      reconnectionDelayGrowFactor: 1,
      maxRetries: 0,
    },
  });
  const client = new Client({ name: "focal", version: "1" }, { capabilities: {} });
  const options = { signal: controller.signal, timeout: limits.timeoutMs };
  try {
    await client.connect(transport, options);
    return await work(client, controller.signal);
  } catch (error) {
    // The work's own failure (a list over its cap) is already what it means.
    if (error instanceof ToolFailure && !trouble.reason && !controller.signal.aborted) throw error;
    throw new McpFailure(failureOf(error, trouble, controller.signal.aborted, limits, host), trouble.answered);
  } finally {
    clearTimeout(timer);
    await client.close().catch(() => undefined);
  }
}
