import type {
  ExtractRequest,
  GenerateOutput,
  GenerateRequest,
  JudgeOutput,
  JudgeRequest,
  ModelResult,
  SelectOutput,
  SelectRequest,
  SenseRequest,
  SensorOutput,
} from "./contracts/model";
import type { EngineTool } from "./contracts/snapshot";

// All I/O of the engine goes through these ports; the offline provider makes them deterministic.

export interface ModelProvider {
  /** "offline", "openai", "scripted", … — shown in the sandbox badge and provenance. */
  readonly name: string;
  /** Default model name, for provenance. */
  readonly model: string;
  sense(request: SenseRequest): Promise<ModelResult<SensorOutput>>;
  generate(request: GenerateRequest): Promise<ModelResult<GenerateOutput>>;
  judge(request: JudgeRequest): Promise<ModelResult<JudgeOutput>>;
  /** Optional model extractor on top of the deterministic ones (stage 8, stages/extraction/README.md). */
  extract?(request: ExtractRequest): Promise<ModelResult<Record<string, unknown>>>;
  /**
   * Optional continuity grounding call (docs/continuity.md#resolution); without it an unresolved
   * follow-up gets a grounded clarifier.
   */
  select?(request: SelectRequest): Promise<ModelResult<SelectOutput>>;
}

/** A unit-length vector over an unbounded feature space: feature ids ascending, one weight each. */
export interface SparseVector {
  readonly ids: Uint32Array;
  readonly weights: Float32Array;
}

export interface Embedder {
  readonly name: string;
  /** Unit-length vectors of one fixed dimension; cosine similarity = dot product. */
  embed(texts: string[]): Promise<Float32Array[]>;
  /**
   * Optional: the same texts as sparse vectors with no hashing into a fixed dimension. The local
   * sensor scores intents with them when offered (sharper on short texts: no bucket collisions);
   * everything else, and an embedder without it, uses `embed`.
   */
  embedSparse?(texts: string[]): Promise<SparseVector[]>;
}

/**
 * An http tool's request as it went out, for the trace and the editor's Try it: every credential
 * value is `••••` (docs/tools.md#credentials); a body is cut at 2,000 characters.
 */
export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export type ToolResult =
  | { ok: true; output: unknown; durationMs: number; request?: SentRequest }
  | {
      ok: false;
      reason: "timeout" | "refused" | "error" | "too_large";
      message: string;
      durationMs: number;
      /** The HTTP status of a non-2xx answer (an http tool's typed error: `error.status` in its output paths). */
      status?: number;
      /** Absent when the call failed before a request was built (a missing credential, a bad URL). */
      request?: SentRequest;
    };

export interface ToolRunner {
  run(tool: EngineTool, input: Record<string, unknown>): Promise<ToolResult>;
}

export interface Clock {
  now(): Date;
  /** Milliseconds from an arbitrary origin, for span offsets and durations. */
  monotonicMs(): number;
}

export interface Ids {
  next(prefix: string): string;
}

/**
 * The session's PII vault (stages/privacy/README.md): the placeholder each value found in the customer's
 * message stands under. The host keeps the real values, encrypted; the engine only ever sees placeholders.
 */
export interface PiiVault {
  /** The placeholder this value already has in the session (same label and normalised value), or the next free `[LABEL_n]`. */
  placeholderFor(found: { label: string; value: string; normalized: string }): string;
}

export interface EnginePorts {
  model: ModelProvider;
  embedder: Embedder;
  tools: ToolRunner;
  clock: Clock;
  ids: Ids;
  /** Absent (a replay, a test): placeholders are numbered within the turn and nothing is kept. */
  vault?: PiiVault;
}
