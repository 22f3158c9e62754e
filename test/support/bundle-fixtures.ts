import fs from "node:fs";
import path from "node:path";
// biome-ignore lint/style/noRestrictedImports: counts the rows of every config table to prove a refused import wrote nothing
import { sql } from "drizzle-orm";
import { rowsOf } from "@/db/raw-rows";
import type { DbOrTx } from "@/db/types";
import type { BundleInput } from "@/lib/engine/contracts/bundle";

export const DEMO_BUNDLE_PATH = path.resolve(import.meta.dirname, "../../lib/demo/refund-desk.bundle.json");

/** The demo file's exact text: the canonical serialization export must reproduce byte for byte. */
export function demoBundleText(): string {
  return fs.readFileSync(DEMO_BUNDLE_PATH, "utf8");
}

/** A fresh, mutable copy of the demo bundle. */
export function demoBundle(): BundleInput & Record<string, unknown> {
  return JSON.parse(demoBundleText());
}

const TABLES = [
  "agents",
  "profile_field_definitions",
  "response_variable_definitions",
  "tools",
  "scenarios",
  "steps",
  "transitions",
  "rules",
  "ledger_events",
] as const;

/** Row counts of every table an import writes, to prove a failed import wrote nothing. */
export async function countConfigRows(db: DbOrTx): Promise<Record<(typeof TABLES)[number], number>> {
  const out: Record<string, number> = {};
  for (const name of TABLES) {
    const [row] = rowsOf<{ n: number }>(await db.execute(sql.raw(`select count(*)::int as n from "${name}"`)));
    out[name] = row?.n ?? 0;
  }
  return out as Record<(typeof TABLES)[number], number>;
}
