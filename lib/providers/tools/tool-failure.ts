import type { ToolResult } from "@/lib/engine/ports";

type Failure = Extract<ToolResult, { ok: false }>;
export type ToolFailureReason = Failure["reason"];

/** A tool call that failed in a way the runner names: its reason, a message free of secrets, and a non-2xx status. */
export class ToolFailure extends Error {
  constructor(
    readonly reason: ToolFailureReason,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
