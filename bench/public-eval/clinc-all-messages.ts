import { readFile } from "node:fs/promises";
import path from "node:path";
import type { EvalLoad } from "./read-eval-json";

/** Every utterance of CLINC150's data_full.json, all eight splits (23,700 customer requests), text only. */
export async function loadAllClincMessages(evalDir: string | undefined): Promise<EvalLoad<string>> {
  const file = "clinc150/data_full.json";
  if (!evalDir) return { ok: false, reason: `${file}: skipped (no FOCAL_EVAL_DIR)` };
  try {
    const splits = JSON.parse(await readFile(path.join(evalDir, file), "utf8")) as Record<string, unknown>;
    const rows = Object.values(splits).flatMap((split) => (Array.isArray(split) ? split : []));
    return {
      ok: true,
      rows: rows.map((row) => (Array.isArray(row) ? row[0] : null)).filter((t) => typeof t === "string"),
    };
  } catch (error) {
    return { ok: false, reason: `${file}: skipped (unreadable: ${(error as Error).name})` };
  }
}
