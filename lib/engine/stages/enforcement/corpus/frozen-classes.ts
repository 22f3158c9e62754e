import { z } from "zod";
import { type CorpusCase, type CorpusClaim, type CorpusClass, honest } from "./corpus-types";
import benignFile from "./frozen-benign-classes.json";
import violationFile from "./frozen-violation-classes.json";

// The frozen split (README.md) is data: each JSON file holds its classes, and each case is a reply with
// the refund an honest model declares next to it (null: none). They were written before the code they
// measure and are never edited; this file only reads them into corpus classes.

const Claim = z.object({ amount: z.number(), currency: z.string() }).nullable();

const FrozenFile = z.object({
  about: z.string(),
  classes: z.array(
    z.object({
      name: z.string(),
      about: z.string(),
      /** Absent in the benign file: every case there must ship. */
      rule: z.enum(["max-refund", "no-competitor-mentions", "no-financial-advice"]).optional(),
      decidable: z.boolean(),
      cases: z.array(z.tuple([z.string(), Claim])),
    }),
  ),
});

/** What an honest model declares with a reply that breaks `rule` (or breaks none) and promises `refund`. */
function claimsFor(rule: CorpusCase["rule"], refund: CorpusClaim) {
  if (rule === "no-competitor-mentions") return honest({ competitor: true, refund });
  if (rule === "no-financial-advice") return honest({ advice: true, refund });
  return honest({ refund });
}

function frozenClasses(file: unknown): CorpusClass[] {
  return FrozenFile.parse(file).classes.map(({ name, about, rule = null, decidable, cases }) => ({
    name,
    split: "frozen",
    about,
    decidable,
    cases: cases.map(([reply, refund]) => ({ cls: name, rule, reply, claims: claimsFor(rule, refund) })),
  }));
}

export const frozenViolationClasses = (): CorpusClass[] => frozenClasses(violationFile);
export const frozenBenignClasses = (): CorpusClass[] => frozenClasses(benignFile);
