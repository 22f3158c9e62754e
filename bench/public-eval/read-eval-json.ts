import { readFile } from "node:fs/promises";
import path from "node:path";

// Public evaluation sets read from $FOCAL_EVAL_DIR at bench time, never copied into the repository.

export type EvalLoad<T> = { ok: true; rows: T[] } | { ok: false; reason: string };

/** The JSON array at `evalDir`/`file`, each row checked by `isRow`, or one line saying why not. */
export async function readEvalRows<T>(
  evalDir: string | undefined,
  file: string,
  isRow: (row: unknown) => row is T,
): Promise<EvalLoad<T>> {
  if (!evalDir) return { ok: false, reason: `${file}: skipped (no FOCAL_EVAL_DIR)` };
  let value: unknown;
  try {
    value = JSON.parse(await readFile(path.join(evalDir, file), "utf8"));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, reason: `${file}: skipped (unreadable: ${code ?? (error as Error).name})` };
  }
  if (!Array.isArray(value) || !value.every(isRow)) return { ok: false, reason: `${file}: skipped (unexpected shape)` };
  return { ok: true, rows: value };
}
