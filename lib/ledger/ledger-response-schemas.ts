import { z } from "zod";

// Response bodies of the ledger routes (docs/ledger.md): declared by the routes, drawn by the OpenAPI document.

export const LedgerVerifyBody = z.object({
  is_intact: z.boolean(),
  total: z.number().int().describe("Events in the ledger"),
  broken_at: z
    .number()
    .int()
    .nullable()
    .describe("Global seq of the first broken event or anchor (lowest seq when several), null when intact"),
  reason: z.string().nullable().describe("What is wrong at broken_at"),
  chains: z.number().int().describe("Chains walked: the global chain and one per session"),
  anchors: z.number().int().describe("LEDGER_ANCHORED events checked"),
  unanchored: z
    .number()
    .int()
    .describe(
      "Events no anchor covers yet: session events past their last anchored head, global events after the last anchor",
    ),
});
export type LedgerVerifyBody = z.infer<typeof LedgerVerifyBody>;
export const LedgerAnchorBody = z.object({
  seq: z.number().int().describe("Global seq of the LEDGER_ANCHORED event"),
  hash: z.string().describe("Its global-chain hash: copy it out of the database and keep it"),
  merkle_root: z.string().describe("RFC 6962 root over the session chain heads it covers"),
  leaf_count: z.number().int(),
  occurred_at: z.string(),
  previous_anchor_seq: z.number().int().nullable(),
});
