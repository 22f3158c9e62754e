import { z } from "zod";
import { compileDesignerPattern } from "../regex/compile-designer-pattern";
import { section } from "./settings-section";

// What the privacy stage masks before anything else of the turn sees the customer's message
// (stages/privacy/README.md, docs/privacy.md).

/** The kinds every agent can mask; each has its own detector with a checksum or a grammar. */
export const PII_KINDS = ["card", "iban", "email", "phone"] as const;

/** National id shapes a designer may turn on (stages/privacy/national-ids.ts says what each one checks). */
export const NATIONAL_ID_SHAPES = ["us_ssn", "uk_nino", "ca_sin"] as const;
export type NationalIdShape = (typeof NATIONAL_ID_SHAPES)[number];

/** A designer pattern's name becomes its placeholder's label: `order_ref` → `[ORDER_REF_1]`. */
const PATTERN_NAME = /^[a-z][a-z0-9_]{0,31}$/;
const RESERVED_NAMES = new Set<string>([...PII_KINDS, ...NATIONAL_ID_SHAPES]);

const DesignerPattern = z
  .strictObject({
    name: z
      .string()
      .regex(PATTERN_NAME, "lower-case letters, digits and _, starting with a letter (at most 32)")
      .refine((name) => !RESERVED_NAMES.has(name), "is the name of a built-in kind"),
    pattern: z.string().min(1).max(500),
  })
  .superRefine((value, ctx) => {
    const compiled = compileDesignerPattern(value.pattern, { caseInsensitive: false });
    if (!compiled.ok) ctx.addIssue({ code: "custom", path: ["pattern"], message: compiled.message });
  });
export type DesignerPattern = z.infer<typeof DesignerPattern>;

const ToolPrivacy = z.strictObject({
  /** The tool is called with the real values in its input (restored from the session's vault). */
  receives_real_values: z.boolean(),
});

export const PrivacySettings = section(
  {
    /** Kinds masked; an unknown kind is refused (422). Empty: the stage runs and masks nothing of these. */
    mask: z.array(z.enum(PII_KINDS)).max(PII_KINDS.length),
    national_ids: z.array(z.enum(NATIONAL_ID_SHAPES)).max(NATIONAL_ID_SHAPES.length),
    patterns: z.array(DesignerPattern).max(20),
    /**
     * ISO 3166-1 alpha-2 region a bare run of digits is read in (stages/privacy/phone-numbers.ts); numbers
     * with +, 00 or written in groups are read whatever the region.
     */
    default_region: z.string().regex(/^[A-Z]{2}$/, "a two-letter region code such as US or GB"),
    /** Per tool key; a tool not listed gets placeholders. */
    tools: z.record(z.string().min(1).max(100), ToolPrivacy),
  },
  {
    mask: [...PII_KINDS],
    // SSNs are on by default: Presidio's US_SSN spans reached the model unmasked with none listed.
    national_ids: ["us_ssn"],
    patterns: [],
    default_region: "US",
    tools: {},
  },
);
export type PrivacySettings = z.output<typeof PrivacySettings.config>;
