import type { ErrorCode } from "@/lib/server/errors";

/**
 * What every server action answers (`defineAction`, lib/server/define-action.ts), in a module the
 * browser's forms may import: data on success, or the error code, a message to show as it is, and
 * field errors keyed by the input's path.
 */
export type ActionResult<T> =
  | { ok: true; data: T; notices?: string[] }
  | { ok: false; code: ErrorCode; message: string; fieldErrors?: Record<string, string[]>; requestId?: string };
