import { ContextWord, CurrencyCode, MoneyRate } from "@/lib/engine/contracts/bundle";

// The money variable's fields as the editor holds them: the currency as typed, rates as one text row
// each ("EUR 1.08"), and the inline checks the form shows while typing, from the bundle's own schemas.

/** "EUR 1.08": a currency code and a rate, separated by the first space. */
export const rateRow = (code: string, rate: string): string => `${code} ${rate}`;

export function splitRateRow(row: string): [string, string] {
  const at = row.indexOf(" ");
  const code = (at < 0 ? row : row.slice(0, at)).trim().toUpperCase();
  return [code, at < 0 ? "" : row.slice(at + 1).trim()];
}

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? "Not valid");

/** Why the currency would be refused, or null; a blank one is "required" (a money variable needs one). */
export function currencyProblem(currency: string): string | null {
  if (currency.trim() === "") return "A money variable needs a currency, e.g. USD";
  return firstIssue(CurrencyCode.safeParse(currency.trim().toUpperCase()));
}

export function contextWordProblem(word: string): string | null {
  return word.trim() === "" ? null : firstIssue(ContextWord.safeParse(word.trim()));
}

/** A rate row's problem: the code, the number, or a rate for the variable's own currency. */
export function rateRowProblem(row: string, currency: string): string | null {
  if (row.trim() === "") return null;
  const [code, rate] = splitRateRow(row);
  const codeProblem = firstIssue(CurrencyCode.safeParse(code));
  if (codeProblem) return codeProblem;
  if (code === currency.trim().toUpperCase()) return `${code} is the variable's own currency; it needs no rate`;
  const value = Number(rate.replace(",", "."));
  if (rate === "" || !Number.isFinite(value)) return `Give the rate as a number: 1 ${code} = ? ${currency || "units"}`;
  return firstIssue(MoneyRate.safeParse(value));
}
