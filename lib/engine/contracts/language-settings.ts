import { z } from "zod";
import { DETECTABLE_LANGUAGES } from "../text/language";
import { section } from "./settings-section";

const LanguageCode = z
  .string()
  .trim()
  .toLowerCase()
  .refine((code) => (DETECTABLE_LANGUAGES as readonly string[]).includes(code), {
    message: `must be one of ${DETECTABLE_LANGUAGES.join(", ")} (ISO 639-1 codes the local detector names)`,
  });

/**
 * The customer's language (stages/language/README.md). `allowed`: the languages the agent answers in,
 * its default first; empty = any language, English the default. A message clearly in another language
 * gets `unsupported_reply` (in the default language) and the turn stops. A message whose language is
 * not clear is answered in the default language, never refused.
 */
export const LanguageSettings = section(
  {
    allowed: z
      .array(LanguageCode)
      .max(DETECTABLE_LANGUAGES.length)
      .refine((codes) => new Set(codes).size === codes.length, { message: "lists a language twice" }),
    unsupported_reply: z.string().trim().min(1).max(1000),
  },
  {
    allowed: [],
    unsupported_reply:
      "Sorry, I can only help in English here. Could you write your message in English? Thank you for your patience.",
  },
);
