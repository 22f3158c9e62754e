import fs from "node:fs";
import path from "node:path";
import { count } from "drizzle-orm";
import {
  agents,
  ledgerEvents,
  profileFieldDefinitions,
  responseVariableDefinitions,
  rules,
  scenarios,
  steps,
  tools,
  transitions,
} from "@/db/schema";
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

const TABLES = {
  agents,
  profile_field_definitions: profileFieldDefinitions,
  response_variable_definitions: responseVariableDefinitions,
  tools,
  scenarios,
  steps,
  transitions,
  rules,
  ledger_events: ledgerEvents,
};

/** Row counts of every table an import writes, to prove a failed import wrote nothing. */
export async function countConfigRows(db: DbOrTx): Promise<Record<keyof typeof TABLES, number>> {
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(TABLES)) {
    const [row] = await db.select({ n: count() }).from(table);
    out[name] = row?.n ?? 0;
  }
  return out as Record<keyof typeof TABLES, number>;
}
