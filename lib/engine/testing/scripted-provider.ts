import type {
  DeclaredClaim,
  FallbackReason,
  GenerateOutput,
  JudgeOutput,
  JudgeRequest,
  ModelResult,
  SensorOutput,
  TokenUsage,
} from "../contracts/model";
import type { ModelProvider } from "../ports";
import { conflictVerdict } from "../stages/enforcement/conflict-verdict";

// A ModelProvider that replays canned outputs in tests. Each method takes either a list, consumed in
// order, or a function of the request. Every request is recorded (deep-copied at call time) for
// assertions. When a list runs out, the fallback provider answers if one was given; otherwise the
// call throws, naming the method and the call number, so a test that makes more model calls than it
// scripted fails loudly, not with a guess.

const SCRIPTED_PROVIDER_NAME = "scripted";
const SCRIPTED_MODEL = "scripted-v1";

type ScriptStep<Req, T> =
  | ModelResult<T>[]
  | ((request: Req, callIndex: number) => ModelResult<T> | Promise<ModelResult<T>>);

type ScriptedMethod = "sense" | "generate" | "judge" | "extract" | "select";

// A method's request and answer are read off the port, so a script follows ModelProvider as it changes.
type PortMethod<M extends ScriptedMethod> = NonNullable<ModelProvider[M]>;
type RequestOf<M extends ScriptedMethod> = Parameters<PortMethod<M>>[0];
type AnswerOf<M extends ScriptedMethod> = Awaited<ReturnType<PortMethod<M>>> extends ModelResult<infer T> ? T : never;

export type ProviderScript = { [M in ScriptedMethod]?: ScriptStep<RequestOf<M>, AnswerOf<M>> };

type ScriptedCall = {
  [M in ScriptedMethod]: { method: M; request: RequestOf<M>; answeredBy: "script" | "fallback" };
}[ScriptedMethod];

export interface ScriptedProvider extends ModelProvider {
  /** Every request received, in order, with who answered it. */
  readonly calls: ScriptedCall[];
  /** The requests one method received, in order. */
  requestsOf<M extends ScriptedMethod>(method: M): RequestOf<M>[];
  /** Scripted list entries not consumed yet (Infinity for a function, 0 when unscripted). */
  remaining(method: ScriptedMethod): number;
}

const DEFAULT_USAGE: TokenUsage = { inputTokens: 0, outputTokens: 0 };

/** A successful model result. */
export function ok<T>(value: T, usage: TokenUsage = DEFAULT_USAGE, model = SCRIPTED_MODEL): ModelResult<T> {
  return { ok: true, value, usage, model };
}

/** A failed model result with one of the canonical fallback reasons (docs/pipeline.md#degradation). */
export function fail<T = never>(reason: FallbackReason, message = `scripted ${reason}`): ModelResult<T> {
  return { ok: false, reason, message, model: SCRIPTED_MODEL };
}

/** A Context with sensible defaults: `sensed({ detected_intent: "refund_request" })`. */
export function sensed(partial: Partial<SensorOutput> = {}): ModelResult<SensorOutput> {
  return ok({
    detected_intent: null,
    intent_confidence: 0,
    entities: {},
    is_ambiguous: false,
    ambiguity_reason: null,
    ...partial,
  });
}

/**
 * A generated reply, optionally with the claims it declares:
 * `generated("Refund of $75 on its way", { refund_amount: { amount: 40, currency: "USD" } })`.
 * Without claims the reply declares nothing, as a model that ignores the schema would.
 */
export function generated(text: string, claims?: Record<string, DeclaredClaim>): ModelResult<GenerateOutput> {
  return ok(claims ? { text, claims } : { text });
}

/** A lane-2 verdict: `judged(false, { reason: "blames the customer", bias_tags: ["tone:blame"] })`. */
export function judged(passed: boolean, partial: Partial<Omit<JudgeOutput, "passed">> = {}): ModelResult<JudgeOutput> {
  return ok({ passed, score: passed ? 1 : 0, reason: passed ? "passed" : "failed", bias_tags: [], ...partial });
}

/**
 * A lenient judge that settles claim conflicts as the offline judge does (on the facts, pessimist):
 * for scripts whose replies declare nothing and whose subjective rules should pass.
 */
export function judgedOnFacts(request: JudgeRequest): ModelResult<JudgeOutput> {
  return request.conflict ? ok(conflictVerdict(request.conflict)) : judged(true);
}

export function createScriptedProvider(script: ProviderScript, fallback?: ModelProvider): ScriptedProvider {
  const calls: ScriptedCall[] = [];
  const cursor: Record<ScriptedMethod, number> = { sense: 0, generate: 0, judge: 0, extract: 0, select: 0 };
  const counts: Record<ScriptedMethod, number> = { sense: 0, generate: 0, judge: 0, extract: 0, select: 0 };

  async function play<M extends ScriptedMethod, T>(
    method: M,
    request: RequestOf<M>,
    step: ScriptStep<RequestOf<M>, T> | undefined,
    delegate: ((request: RequestOf<M>) => Promise<ModelResult<T>>) | undefined,
  ): Promise<ModelResult<T>> {
    const callIndex = counts[method]++;
    // A deep copy: the engine may keep mutating the objects it passed in.
    const recorded = structuredClone(request);
    if (typeof step === "function") {
      calls.push({ method, request: recorded, answeredBy: "script" } as ScriptedCall);
      return step(request, callIndex);
    }
    if (step && cursor[method] < step.length) {
      const result = step[cursor[method]++] as ModelResult<T>;
      calls.push({ method, request: recorded, answeredBy: "script" } as ScriptedCall);
      return structuredClone(result);
    }
    if (delegate) {
      calls.push({ method, request: recorded, answeredBy: "fallback" } as ScriptedCall);
      return delegate(request);
    }
    const scripted = step
      ? `all ${step.length} scripted ${method} result(s) were used`
      : `no ${method} results were scripted`;
    throw new Error(
      `scripted provider: ${method} call #${callIndex + 1} has no answer (${scripted}). ` +
        `Add results to the script's "${method}" list or pass a fallback provider.`,
    );
  }

  const provider: ScriptedProvider = {
    name: SCRIPTED_PROVIDER_NAME,
    model: SCRIPTED_MODEL,
    calls,
    requestsOf<M extends ScriptedMethod>(method: M): RequestOf<M>[] {
      return calls.filter((c) => c.method === method).map((c) => c.request as RequestOf<M>);
    },
    remaining(method) {
      const step = script[method];
      if (typeof step === "function") return Number.POSITIVE_INFINITY;
      return step ? step.length - cursor[method] : 0;
    },
    sense: (request) => play("sense", request, script.sense, fallback && ((r) => fallback.sense(r))),
    generate: (request) => play("generate", request, script.generate, fallback && ((r) => fallback.generate(r))),
    judge: (request) => play("judge", request, script.judge, fallback && ((r) => fallback.judge(r))),
  };
  // `extract` is optional on the port: offer it only when it can answer, so the engine's
  // "no model extractor" path stays testable.
  const fallbackSelect = fallback?.select?.bind(fallback);
  if (script.select || fallbackSelect) {
    provider.select = (request) => play("select", request, script.select, fallbackSelect);
  }
  const fallbackExtract = fallback?.extract?.bind(fallback);
  if (script.extract || fallbackExtract) {
    provider.extract = (request) => play("extract", request, script.extract, fallbackExtract);
  }
  return provider;
}
