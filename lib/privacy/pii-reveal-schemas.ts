import { z } from "zod";

// POST /api/v1/sessions/{id}/pii/reveal (docs/privacy.md#reveal): one placeholder in, its real value out.

export const RevealPiiBody = z.strictObject({
  /** As it appears in the trace: `[CARD_1]`. */
  placeholder: z.string().regex(/^\[[A-Z][A-Z0-9_]{0,40}_[1-9][0-9]{0,5}\]$/, "a placeholder such as [CARD_1]"),
});
export type RevealPiiBody = z.infer<typeof RevealPiiBody>;

export const RevealPiiResponse = z.strictObject({
  placeholder: z.string(),
  value: z.string(),
});
export type RevealPiiResponse = z.infer<typeof RevealPiiResponse>;
