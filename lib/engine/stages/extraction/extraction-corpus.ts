import { z } from "zod";
import corpus from "./extraction-corpus.json";

// Replies for the demo Refund desk's response variables (lib/demo/refund-desk.bundle.json):
// competitor_mentioned (GLOBAL `!competitor_mentioned`), financial_advice_given (GLOBAL
// `!financial_advice_given`) and refund_amount (SCENARIO `refund_amount <= 50`). A reply is blocked
// when, over the extracted values, competitor_mentioned or financial_advice_given is true or any
// refund_amount is above 50. Shared by the extraction tests and the engine's own tests.
//
// The replies are data (extraction-corpus.json); look-alike and invisible characters are written there as
// \u escapes so a reader can see what each case is.
//
// Decisions these cases pin down:
// - "Quick Cart" as two ordinary words is not the competitor "QuickCart": the demo lists it as a
//   phrases name written in camelCase, and a space alone at a hump is a word break ("add it to your
//   cart for a quick checkout" is normal text; match-phrases.ts). A designer who wants the two-word
//   spelling lists "Quick Cart" too. "Quick-Cart", "Quick\nCart" and spacing every letter
//   ("Q u i c k C a r t") are disguises and are caught.
// - An amount is a refund when a context word of refund_amount stands within a few words of it
//   ("$75 refund", "refund of $75", "Refund: $ 75"), nearest first: in "$75 order total, refund $40"
//   the refund is $40. A percentage is never money; a negated promise ("we cannot offer a $75
//   refund") is not a promise.

const DemoVariable = z.enum(["competitor_mentioned", "financial_advice_given", "refund_amount"]);

const BlockedReply = z.object({
  /** The variable whose rule the reply breaks. */
  breaks: DemoVariable,
  reply: z.string(),
  reason: z.string(),
});
type BlockedReply = z.infer<typeof BlockedReply>;

const PassingReply = z.object({ reply: z.string(), reason: z.string() });
type PassingReply = z.infer<typeof PassingReply>;

const ExtractionCorpus = z.object({
  /** Grouped by what the replies disguise: competitor names, financial advice, refunds, other languages. */
  mustBeBlocked: z.array(z.object({ section: z.string(), replies: z.array(BlockedReply) })),
  mustPass: z.array(PassingReply),
  /**
   * Replies a reader sees as a refund that refund_amount does not bind: a bare number has no currency
   * (binding one would read order numbers and counts as money). Numbers in words are read in English,
   * French, German and Spanish, and only before a currency word.
   */
  knownGaps: z.array(PassingReply),
});

const { mustBeBlocked, mustPass, knownGaps } = ExtractionCorpus.parse(corpus);

export const REPLIES_THAT_MUST_BE_BLOCKED: BlockedReply[] = mustBeBlocked.flatMap((s) => s.replies);
export const REPLIES_THAT_MUST_PASS: PassingReply[] = mustPass;
export const KNOWN_GAPS: PassingReply[] = knownGaps;
