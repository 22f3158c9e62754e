import type { Span, StageName } from "../contracts/turn-outcome";
import type { Clock } from "../ports";

/**
 * Told each span as its stage completes (live progress); what it does is the caller's, never the
 * turn's. A returned promise is waited for (a host may yield so the span is written out before the
 * next stage runs); a rejection is ignored like a throw.
 */
export type OnStage = (span: Readonly<Span>) => void | Promise<void>;

/** Collects one span per stage, timed on the Clock port so tests with a fixed clock get fixed spans. */
export class SpanRecorder {
  readonly spans: Span[] = [];
  private readonly origin: number;

  constructor(
    private readonly clock: Clock,
    private readonly onStage?: OnStage,
  ) {
    this.origin = clock.monotonicMs();
  }

  elapsedMs(): number {
    return this.clock.monotonicMs() - this.origin;
  }

  async record<T>(
    name: StageName,
    run: () => Promise<{ value: T; decision: string; attributes?: Record<string, unknown>; status?: Span["status"] }>,
  ): Promise<T> {
    const start = this.clock.monotonicMs();
    const result = await run();
    const span: Span = {
      name,
      startOffsetMs: round2(start - this.origin),
      durationMs: round2(this.clock.monotonicMs() - start),
      status: result.status ?? "ok",
      decision: result.decision,
      attributes: result.attributes ?? {},
    };
    this.spans.push(span);
    if (this.onStage) {
      try {
        await this.onStage(span);
      } catch {
        // A listener's failure is the listener's: the turn goes on as if nobody listened.
      }
    }
    return result.value;
  }
}

function round2(ms: number): number {
  return Math.round(ms * 100) / 100;
}
