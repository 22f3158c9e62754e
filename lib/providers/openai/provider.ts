import OpenAI from "openai";
import type { ChatCompletion } from "openai/resources/chat/completions";
import type { ModelResult, SensorOutput, TokenUsage } from "@/lib/engine/contracts/model";
import type { ModelProvider } from "@/lib/engine/ports";
import { classifyError } from "./errors";
import { type ChatMessage, extractPrompt, generatePrompt, judgePrompt, sensePrompt } from "./prompts";
import {
  extractFormat,
  generateFormat,
  type JsonSchemaFormat,
  judgeFormat,
  parseExtract,
  parseGenerate,
  parseJsonText,
  parseJudge,
  parseSensor,
  senseFormat,
} from "./schemas";

// The real-model provider: chat completions through the `openai` SDK against OpenAI or any
// OpenAI-compatible server (vLLM, Ollama, LM Studio: set baseURL). Sensor, judge and extractor use
// structured outputs (json_schema, strict); generation too: the reply plus the claims it commits to. Every failure comes back as a
// ModelResult with one of the canonical fallback reasons (errors.ts) — this provider never throws.
//
// Retries are ours, not the SDK's (the client runs with maxRetries 0): we honour Retry-After and
// retry-after-ms but refuse to wait longer than maxRetryDelayMs for one retry, we never retry a
// timeout (the turn already spent its latency budget) or a policy refusal, and each attempt has its
// own hard deadline that also covers reading the response body, which the SDK's timeout does not.

export interface OpenAIProviderOptions {
  apiKey: string;
  /** e.g. "http://127.0.0.1:11434/v1" for Ollama; default https://api.openai.com/v1. */
  baseURL?: string;
  models: { sense: string; generate: string; judge: string; extract: string };
  /** Per attempt, including reading the body. */
  timeoutMs?: number;
  /** Extra attempts after the first, for 429 / 5xx / connection errors. */
  maxRetries?: number;
  /** Backoff without a Retry-After header: base, 2×base, 4×base … */
  retryBaseDelayMs?: number;
  /** A server asking for a longer wait than this gets no retry: the turn falls back instead. */
  maxRetryDelayMs?: number;
  /** When set, a detected intent below this confidence fails the sensor call with `low_confidence`. */
  minIntentConfidence?: number;
  /** Sent only when set: some reasoning models reject any temperature but the default. */
  temperature?: number;
  fetch?: typeof fetch;
}

export const OPENAI_PROVIDER_NAME = "openai";
const DEFAULT_BASE_URL = "https://api.openai.com/v1";

type Completed = { ok: true; completion: ChatCompletion; content: string; usage: TokenUsage; model: string };
type Failed = Extract<ModelResult<never>, { ok: false }>;

function estimate(messages: ChatMessage[], output: string): TokenUsage {
  const input = messages.reduce((sum, m) => sum + m.content.length, 0);
  return { inputTokens: Math.ceil(input / 4), outputTokens: Math.ceil(output.length / 4) };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** How each call is tried: per-attempt deadline, retries and their waits, the temperature sent. */
interface Attempts {
  timeoutMs: number;
  maxRetries: number;
  retryBaseDelayMs: number;
  maxRetryDelayMs: number;
  temperature?: number;
}

type Complete = (
  model: string,
  messages: ChatMessage[],
  format: JsonSchemaFormat | null,
) => Promise<Completed | Failed>;
type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export function createOpenAIProvider(options: OpenAIProviderOptions): ModelProvider {
  const attempts: Attempts = {
    timeoutMs: options.timeoutMs ?? 20_000,
    maxRetries: Math.max(0, Math.floor(options.maxRetries ?? 2)),
    retryBaseDelayMs: options.retryBaseDelayMs ?? 500,
    maxRetryDelayMs: options.maxRetryDelayMs ?? 10_000,
    temperature: options.temperature,
  };
  if (!options.apiKey) throw new Error("openai provider: apiKey is required (the host reads OPENAI_API_KEY)");
  const complete = completer(clientFor(options, attempts.timeoutMs), attempts);

  return {
    name: OPENAI_PROVIDER_NAME,
    model: options.models.generate,

    async sense(request) {
      const result = await structured(
        complete,
        options.models.sense,
        sensePrompt(request),
        senseFormat(request),
        (json) => parseSensor(json, request),
      );
      return withIntentFloor(result, options.minIntentConfidence);
    },

    async generate(request) {
      const done = await complete(options.models.generate, generatePrompt(request), generateFormat(request));
      return done.ok ? answer(done, parseGenerate(done.content)) : done;
    },

    async judge(request) {
      return structured(complete, options.models.judge, judgePrompt(request), judgeFormat, parseJudge);
    },

    async extract(request) {
      if (request.variables.length === 0) {
        return { ok: true, value: {}, usage: { inputTokens: 0, outputTokens: 0 }, model: options.models.extract };
      }
      return structured(complete, options.models.extract, extractPrompt(request), extractFormat(request), (json) =>
        parseExtract(json, request),
      );
    },
  };
}

/**
 * The SDK's client. Every setting it would otherwise read from process.env is given explicitly:
 * configuration comes from the host (lib/env.ts), never from the environment behind its back.
 */
function clientFor(options: OpenAIProviderOptions, timeoutMs: number): OpenAI {
  return new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL ?? DEFAULT_BASE_URL,
    organization: null,
    project: null,
    adminAPIKey: null,
    webhookSecret: null,
    maxRetries: 0,
    timeout: timeoutMs,
    logLevel: "off",
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/** One chat completion, tried as `attempts` says: each attempt under its own deadline, retried when it may be. */
function completer(client: OpenAI, attempts: Attempts): Complete {
  const { timeoutMs, maxRetries, retryBaseDelayMs, maxRetryDelayMs } = attempts;
  return async (model, messages, format) => {
    let lastFailure: Failed | null = null;
    for (let attempt = 0; attempt <= maxRetries; attempt++) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      try {
        const completion = await client.chat.completions.create(
          {
            model,
            messages,
            ...(format
              ? {
                  response_format: {
                    type: "json_schema",
                    json_schema: { name: format.name, schema: format.schema, strict: true },
                  },
                }
              : {}),
            ...(attempts.temperature !== undefined ? { temperature: attempts.temperature } : {}),
          },
          { signal: controller.signal, timeout: timeoutMs, maxRetries: 0 },
        );
        return interpret(completion, model, messages);
      } catch (error) {
        const c = classifyError(error, controller.signal.aborted);
        const tries = attempt + 1;
        lastFailure = {
          ok: false,
          reason: c.reason,
          message: `${c.message} (after ${tries} attempt${tries > 1 ? "s" : ""})`,
          model,
        };
        if (!c.retryable || attempt === maxRetries) return lastFailure;
        const delay = c.retryAfterMs ?? retryBaseDelayMs * 2 ** attempt;
        if (delay > maxRetryDelayMs) {
          return {
            ...lastFailure,
            message: `${lastFailure.message}; the server asked to wait ${Math.round(delay)} ms, over the ${maxRetryDelayMs} ms limit`,
          };
        }
        await sleep(delay);
      } finally {
        clearTimeout(timer);
      }
    }
    return lastFailure ?? { ok: false, reason: "transport_error", message: "no attempt was made", model };
  };
}

/** The usage a server reported; cached prompt tokens (OpenAI's `prompt_tokens_details`) cost less. */
function reportedUsage(usage: NonNullable<ChatCompletion["usage"]>): TokenUsage {
  const cached = usage.prompt_tokens_details?.cached_tokens ?? 0;
  return {
    inputTokens: usage.prompt_tokens ?? 0,
    outputTokens: usage.completion_tokens ?? 0,
    ...(cached > 0 ? { cachedInputTokens: cached } : {}),
  };
}

/** A completion's answer: its content and usage, or `abstain` when it holds no usable content. */
function interpret(completion: ChatCompletion, model: string, messages: ChatMessage[]): Completed | Failed {
  const choice = completion.choices?.[0];
  const content = choice?.message?.content ?? "";
  const usage: TokenUsage = completion.usage ? reportedUsage(completion.usage) : estimate(messages, content);
  const answeredBy = completion.model || model;
  const abstain = (message: string): Failed => ({ ok: false, reason: "abstain", message, usage, model: answeredBy });
  if (!choice) return abstain("the model returned no choices");
  if (choice.message?.refusal) return abstain(`the model refused: ${choice.message.refusal.slice(0, 300)}`);
  if (choice.finish_reason === "content_filter") return abstain("the model's content filter stopped the answer");
  if (!content.trim()) return abstain("the model returned no content");
  return { ok: true, completion, content, usage, model: answeredBy };
}

/** The parsed value of a completed call, or `abstain` with what was wrong; usage and model either way. */
function answer<T>(done: Completed, parsed: Parsed<T>): ModelResult<T> {
  if (!parsed.ok)
    return { ok: false, reason: "abstain", message: parsed.message, usage: done.usage, model: done.model };
  return { ok: true, value: parsed.value, usage: done.usage, model: done.model };
}

/** Structured call: complete → JSON → validated value, or `abstain` with what was wrong. */
async function structured<T>(
  complete: Complete,
  model: string,
  messages: ChatMessage[],
  format: JsonSchemaFormat,
  parse: (json: unknown) => Parsed<T>,
): Promise<ModelResult<T>> {
  const done = await complete(model, messages, format);
  if (!done.ok) return done;
  const json = parseJsonText(done.content);
  return answer(done, json.ok ? parse(json.json) : json);
}

/** A detected intent below the floor (when one is set) fails the sensor call with `low_confidence`. */
function withIntentFloor<T extends SensorOutput>(result: ModelResult<T>, floor: number | undefined): ModelResult<T> {
  if (
    result.ok &&
    floor !== undefined &&
    result.value.detected_intent !== null &&
    !result.value.is_ambiguous &&
    result.value.intent_confidence < floor
  ) {
    return {
      ok: false,
      reason: "low_confidence",
      message: `intent ${result.value.detected_intent} at ${result.value.intent_confidence} is below the ${floor} floor`,
      usage: result.usage,
      model: result.model,
    };
  }
  return result;
}
