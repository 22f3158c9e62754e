import { readFile } from "node:fs/promises";
import path from "node:path";

// CLINC150 (Larson et al. 2019, CC BY 3.0): 150 intents in 10 domains of 15, 100 train / 20 val /
// 30 test utterances each, plus out-of-scope utterances (oos_train 100, oos_val 100, oos_test 1000).
// Read from $FOCAL_EVAL_DIR/clinc150; never copied into the repo.

type Labelled = [text: string, intent: string];

export interface ClincData {
  train: Labelled[];
  val: Labelled[];
  test: Labelled[];
  oos_train: Labelled[];
  oos_val: Labelled[];
  oos_test: Labelled[];
  /** Domain → its 15 intent labels, in the file's order. */
  domains: Record<string, string[]>;
}

export type ClincLoad = { ok: true; data: ClincData } | { ok: false; reason: string };

const SPLITS = ["train", "val", "test", "oos_train", "oos_val", "oos_test"] as const;

function isLabelledList(value: unknown): value is Labelled[] {
  return (
    Array.isArray(value) &&
    value.every((row) => Array.isArray(row) && typeof row[0] === "string" && typeof row[1] === "string")
  );
}

function isDomainMap(value: unknown): value is Record<string, string[]> {
  return (
    typeof value === "object" &&
    value !== null &&
    Object.values(value).every((intents) => Array.isArray(intents) && intents.every((i) => typeof i === "string"))
  );
}

async function readJson(file: string): Promise<{ ok: true; value: unknown } | { ok: false; reason: string }> {
  try {
    return { ok: true, value: JSON.parse(await readFile(file, "utf8")) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, reason: `${path.basename(file)} unreadable (${code ?? (error as Error).name})` };
  }
}

/** The data set under `evalDir`/clinc150, or one line saying why not. */
export async function loadClinc(evalDir: string | undefined): Promise<ClincLoad> {
  if (!evalDir) return { ok: false, reason: "skipped (no FOCAL_EVAL_DIR)" };
  const dir = path.join(evalDir, "clinc150");
  const [full, domains] = await Promise.all([
    readJson(path.join(dir, "data_full.json")),
    readJson(path.join(dir, "domains.json")),
  ]);
  if (!full.ok) return { ok: false, reason: `skipped (${dir}: ${full.reason})` };
  if (!domains.ok) return { ok: false, reason: `skipped (${dir}: ${domains.reason})` };
  const record = full.value as Record<string, unknown>;
  for (const split of SPLITS) {
    if (!isLabelledList(record[split]))
      return { ok: false, reason: `skipped (data_full.json has no valid "${split}")` };
  }
  if (!isDomainMap(domains.value)) return { ok: false, reason: "skipped (domains.json is not domain → intents)" };
  const data = { ...(record as Omit<ClincData, "domains">), domains: domains.value };
  return { ok: true, data };
}
