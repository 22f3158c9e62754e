import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, RateLimitError } from "openai";
import type { FallbackReason } from "@/lib/engine/contracts/model";

// How a failed chat-completions call maps onto the canonical fallback reasons (docs/pipeline.md#degradation), and
// whether it is worth another attempt:
//
//   our deadline / SDK timeout          timeout          not retried (a second wait would double the turn's latency)
//   429                                 rate_limited     retried after Retry-After; not when the quota is gone
//   408, 409, 5xx, connection refused   transport_error  retried with backoff
//   400 content-policy / guardrail      abstain          never retried: the same prompt gets the same refusal
//   other 4xx (bad key, unknown model)  transport_error  not retried: configuration, not luck
//   anything else                       transport_error  not retried

export interface Classified {
  reason: FallbackReason;
  retryable: boolean;
  /** What the server asked us to wait (Retry-After / retry-after-ms), in milliseconds. */
  retryAfterMs: number | null;
  message: string;
}

const POLICY =
  /content[_ ]?(?:policy|filter|management)|policy[_ ]?violation|safety|moderation|guardrail|invalid_prompt/i;

/** `retry-after-ms` (OpenAI, milliseconds) first, then `Retry-After` (seconds or an HTTP date). */
function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | null {
  if (!headers) return null;
  const ms = headers.get("retry-after-ms");
  if (ms !== null && ms.trim() !== "" && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const after = headers.get("retry-after");
  if (after === null || after.trim() === "") return null;
  if (Number.isFinite(Number(after))) return Math.max(0, Number(after) * 1000);
  const date = Date.parse(after);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function describeApiError(error: APIError): string {
  const status = error.status ? `HTTP ${error.status}` : "request failed";
  const code = error.code ? ` ${error.code}` : "";
  return `${status}${code}: ${error.message}`.slice(0, 500);
}

export function classifyError(error: unknown, deadlineHit: boolean): Classified {
  if (deadlineHit || error instanceof APIConnectionTimeoutError) {
    return { reason: "timeout", retryable: false, retryAfterMs: null, message: "the model did not answer in time" };
  }
  if (error instanceof APIUserAbortError) {
    return { reason: "timeout", retryable: false, retryAfterMs: null, message: "the model call was aborted" };
  }
  if (error instanceof APIConnectionError) {
    return {
      reason: "transport_error",
      retryable: true,
      retryAfterMs: null,
      message: `connection failed: ${error.message}`,
    };
  }
  if (error instanceof APIError) {
    const status = error.status ?? 0;
    const wait = retryAfterMs(error.headers);
    if (error instanceof RateLimitError || status === 429) {
      // An exhausted quota does not come back in a few seconds.
      const quota = error.code === "insufficient_quota";
      return { reason: "rate_limited", retryable: !quota, retryAfterMs: wait, message: describeApiError(error) };
    }
    if (status >= 500 || status === 408 || status === 409) {
      return { reason: "transport_error", retryable: true, retryAfterMs: wait, message: describeApiError(error) };
    }
    if (POLICY.test(`${error.code ?? ""} ${error.type ?? ""} ${error.message}`)) {
      return {
        reason: "abstain",
        retryable: false,
        retryAfterMs: null,
        message: `refused by policy: ${describeApiError(error)}`,
      };
    }
    return { reason: "transport_error", retryable: false, retryAfterMs: null, message: describeApiError(error) };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { reason: "transport_error", retryable: false, retryAfterMs: null, message: message.slice(0, 500) };
}
