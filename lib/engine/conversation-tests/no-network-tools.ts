import type { ToolRunner } from "../ports";

/**
 * Frozen and offline test runs make no network call: static tools answer as configured, http tools
 * are refused (a case that needs one carries its result on its tape, or tests the refusal path).
 */
export function noNetworkTools(inner: ToolRunner): ToolRunner {
  return {
    run(tool, input) {
      if (tool.kind === "static") return inner.run(tool, input);
      return Promise.resolve({
        ok: false,
        reason: "refused",
        message: "http tools are not called in frozen or offline test runs",
        durationMs: 0,
      });
    },
  };
}
