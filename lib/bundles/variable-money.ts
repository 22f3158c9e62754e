import type { z } from "zod";
import type { ResponseVariableMoney } from "@/db/types";
import type { BundleVariable as BundleVariableSchema } from "@/lib/engine/contracts/bundle";
import type { EngineMoney } from "@/lib/engine/contracts/snapshot";

// A money variable's currency, context words, limit words and rates live in one jsonb column
// (response_variable_definitions.money, null for other types); the bundle writes them as fields of the
// variable. Limit words are kept only when there are some, so export writes no empty list. One place converts, so import, the editor's save, export and the engine agree.

type BundleVariable = z.output<typeof BundleVariableSchema>;
type MoneyField = "currency" | "context_words" | "limit_words" | "rates";
type Variable = Pick<BundleVariable, "type"> & Partial<Pick<BundleVariable, MoneyField>>;

/** The column value of a bundle variable: its money settings, or null when it is not money. */
export function moneyColumnOf(variable: Variable): ResponseVariableMoney | null {
  if (variable.type !== "money") return null;
  return {
    currency: variable.currency ?? "",
    context_words: variable.context_words ?? [],
    ...(variable.limit_words?.length ? { limit_words: variable.limit_words } : {}),
    rates: variable.rates ?? {},
  };
}

/** The bundle fields of a stored variable: empty unless it is money. */
export function moneyFieldsOf(money: ResponseVariableMoney | null): Partial<Pick<BundleVariable, MoneyField>> {
  if (!money) return {};
  return {
    currency: money.currency,
    context_words: money.context_words,
    ...(money.limit_words?.length ? { limit_words: money.limit_words } : {}),
    rates: money.rates,
  };
}

/** The engine's view of the column. */
export function engineMoneyOf(money: ResponseVariableMoney | null): { money?: EngineMoney } {
  if (!money) return {};
  return {
    money: {
      currency: money.currency,
      contextWords: money.context_words,
      ...(money.limit_words?.length ? { limitWords: money.limit_words } : {}),
      rates: money.rates,
    },
  };
}
