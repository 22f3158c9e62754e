import { NATIONAL_ID_SHAPES, PII_KINDS } from "@/lib/engine/contracts/privacy-settings";

// The privacy section's descriptions (docs/privacy.md), kept beside the others' in setting-descriptions.ts.

export const PRIVACY_SECTION_DESCRIPTION =
  "Personal data masked in every customer message before any model, trace or tape sees it; the real values are kept encrypted per conversation.";

export const PRIVACY_SETTING_DESCRIPTIONS = {
  "privacy.mask": {
    label: "Kinds to mask",
    help: `Comma-separated, of ${PII_KINDS.join(", ")}. Each becomes a placeholder such as [CARD_1]. Empty: none of these.`,
  },
  "privacy.national_ids": {
    label: "National id shapes",
    help: `Comma-separated, of ${NATIONAL_ID_SHAPES.join(", ")}: checked against the issuer's rules, masked as [US_SSN_1] and so on.`,
  },
  "privacy.patterns": {
    label: "Your own patterns",
    help: "One name=pattern a line (RE2 syntax, linear time): order_ref=ORD-[0-9]{6} masks matches as [ORDER_REF_1].",
  },
  "privacy.default_region": {
    label: "Phone numbers' region",
    help: "Two-letter region (US, GB, DE) that a bare run of digits is read in; numbers with +, 00 or written in groups are read whatever the region.",
  },
  "privacy.tools": {
    label: "Tools given real values",
    help: "Comma-separated tool keys whose input gets the real values back; every other tool sees placeholders.",
  },
};
