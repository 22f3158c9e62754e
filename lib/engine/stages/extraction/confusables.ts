import { z } from "zod";
import table from "./confusables.json";

// A curated confusables table (confusables.json) for normalize-text's skeleton step: look-alike characters → the ASCII
// Latin letters a conversation designer writes in a pattern ("QuickCart", "bitcoin").
//
// Source: Unicode TS #39 confusables.txt (version 14.0.0, © Unicode, Inc., Unicode License), the
// single-code-point entries whose prototype is ASCII letters, for the scripts attackers use against
// Latin names: Cyrillic, Greek, Latin extensions and small capitals, Armenian, Cherokee, Coptic, Lisu,
// and a few symbols. Entries already handled by NFKC (fullwidth, mathematical alphanumerics, circled
// letters, ℓ) are left out: the skeleton runs after NFKC, so they would never be reached. Every key is
// stable under NFKC and NFD for the same reason.
//
// Departures from TS #39, on purpose:
// - ASCII is a fixed point. TS #39 maps "0" → "O", "1" → "l", "I" → "l" and "m" → "rn" because its
//   skeletons are compared with each other; here a skeleton is matched against a designer's regex,
//   which cannot be skeletonized, and digits must survive for amounts.
// - Capital-I look-alikes (Greek Ι, Cyrillic І, palochka Ӏ, …) map to "I", not TS #39's "l", because
//   case folding follows and an attacker who writes "QuІckCart" means an i.
// - The last section adds look-alikes whose TS #39 prototype is itself not ASCII (κ → ĸ, т → ᴛ,
//   ε → ꞓ, small capitals) and stroke letters that NFD does not decompose (ø, ł, đ).

const ConfusablesFile = z.object({
  /** One section per source and script, in the order TS #39 lists them, Focal's additions last. */
  sections: z.array(
    z.object({
      source: z.string(),
      /** The look-alike, the ASCII it stands for, and its Unicode name. */
      entries: z.array(z.tuple([z.string(), z.string().regex(/^[A-Za-z]+$/), z.string()])),
    }),
  ),
});

export const CONFUSABLES: ReadonlyMap<string, string> = new Map(
  ConfusablesFile.parse(table).sections.flatMap((s) => s.entries.map(([from, to]) => [from, to] as const)),
);
