import type { TurnStage } from "../../pipeline/turn-stage";
import { type MaskedText, maskPii } from "./mask-pii";

/**
 * Stage 0 (README): the customer's message with every value the agent's privacy settings name replaced
 * by its placeholder. It runs first, so every stage, model call, embedding, tape and span after it
 * reads the masked text; the host stores that text as the customer's message (`TurnOutcome.message`).
 */
export const privacyStage: TurnStage<MaskedText> = {
  name: "privacy",
  run(ctx) {
    const value = maskPii(ctx.input.message, ctx.settings.privacy, ctx.ports.vault);
    const byLabel: Record<string, number> = {};
    for (const { label } of value.masked) byLabel[label] = (byLabel[label] ?? 0) + 1;
    const counts = Object.entries(byLabel).map(([label, n]) => `${label} ×${n}`);
    return {
      value,
      decision: counts.length === 0 ? "nothing to mask" : `masked ${counts.join(", ")}`,
      // Placeholders and labels only: the values never reach a span.
      attributes: { masked: byLabel, placeholders: value.masked.map((m) => m.placeholder) },
    };
  },
  settle(ctx, value) {
    ctx.input = { ...ctx.input, message: value.text };
    return null;
  },
};
