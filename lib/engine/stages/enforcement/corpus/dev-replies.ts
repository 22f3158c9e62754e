import { z } from "zod";
import type { CorpusClaim } from "./corpus-types";
import file from "./dev-replies.json";

// The dev classes' replies that are written out rather than generated (violation-classes.ts,
// benign-classes.ts): amount forms, other languages, negations, paraphrases and look-alikes. A row is a
// reply alone (it promises no refund) or a reply and the refund an honest model declares with it.

const Claim = z.object({ amount: z.number(), currency: z.string() });
const Table = z.array(z.union([z.string(), z.tuple([z.string(), Claim])]));
const DevReplies = z.object({ violation: z.record(z.string(), Table), benign: z.record(z.string(), Table) });
const TABLES = DevReplies.parse(file);

/** A reply and the refund an honest model declares with it. */
export type PromisedReply = [reply: string, refund: CorpusClaim];
/** A reply alone (it promises no refund), or a reply and the refund it promises. */
export type DevReply = string | PromisedReply;
type TableName = { [S in keyof typeof file]: [split: S, name: keyof (typeof file)[S]] }[keyof typeof file];

export function devReplies(...[split, name]: TableName): DevReply[] {
  const rows = (TABLES[split] as Record<string, DevReply[]>)[name];
  if (!rows) throw new Error(`dev-replies.json has no ${split} table ${name}`);
  return rows;
}

/** A table whose every row is a reply and the refund it promises. */
export function promisedReplies(...table: TableName): PromisedReply[] {
  return devReplies(...table).map((row) => {
    if (typeof row === "string") throw new Error(`dev-replies.json ${table.join(" ")}: "${row}" has no refund`);
    return row;
  });
}

/** A table whose every row is a reply alone. */
export function plainReplies(...table: TableName): string[] {
  return devReplies(...table).map((row) => {
    if (typeof row !== "string") throw new Error(`dev-replies.json ${table.join(" ")}: "${row[0]}" has a refund`);
    return row;
  });
}
