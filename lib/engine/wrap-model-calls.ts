import type { ModelResult } from "./contracts/model";
import type { ModelProvider } from "./ports";
import type { ModelCallKind } from "./replay/tape";

/** What a wrapper does around one kind of model call: it gets the call and returns one with the same contract. */
export type ModelCallWrapper = <Req, Out>(
  kind: ModelCallKind,
  call: (request: Req) => Promise<ModelResult<Out>>,
) => (request: Req) => Promise<ModelResult<Out>>;

/**
 * The provider with each of its calls passed through `wrap` (a recorder, a timer); the optional
 * calls only where the inner provider offers them, so a stage that checks for one sees the same.
 */
export function wrapModelCalls(inner: ModelProvider, wrap: ModelCallWrapper): ModelProvider {
  return {
    name: inner.name,
    model: inner.model,
    sense: wrap("sense", (r) => inner.sense(r)),
    generate: wrap("generate", (r) => inner.generate(r)),
    judge: wrap("judge", (r) => inner.judge(r)),
    ...(inner.extract ? { extract: wrap("extract", inner.extract.bind(inner)) } : {}),
    ...(inner.select ? { select: wrap("select", inner.select.bind(inner)) } : {}),
  };
}
