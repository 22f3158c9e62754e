"use server";

import { TestVariableInput } from "@/lib/fields/field-action-schemas";
import { defineAction } from "@/lib/server/define-action";
import { runTesterJobOffThread } from "@/lib/testers/server/tester-pool";
import { testerRateLimiter } from "@/lib/testers/server/tester-rate-limit";

// The demo's three variables take about 120 ms on a 50,000-character reply (the input's limit),
// normalization and money parsing included; 1 s leaves room for many patterns and stops the rest.
const TEST_TIME_LIMIT_MS = 1000;

// The pattern tester. Run on the server, in the runtime the draft loop runs in (regex and Unicode
// normalization behave as they will on a turn), on the tester worker; read-only, so a viewer may try
// replies too.
export const checkVariableAction = defineAction(
  { name: "checkVariable", role: "viewer", schema: TestVariableInput },
  async (input, { operator }) => {
    testerRateLimiter.take(operator.id);
    return runTesterJobOffThread(
      {
        kind: "variable",
        variable: {
          name: input.name,
          type: input.type,
          patterns: input.patterns,
          currency: input.currency,
          context_words: input.context_words,
          limit_words: input.limit_words,
          rates: input.rates,
          phrases: input.phrases,
        },
        reply: input.reply,
      },
      TEST_TIME_LIMIT_MS,
      "The patterns took longer than 1 s on this reply and were stopped. Use fewer patterns or a shorter reply.",
    );
  },
);
