/**
 * US dollars as a turn's cost reads: "$0" for nothing, four significant digits under a dollar (a turn
 * costs a fraction of a cent: "$0.0032"), cents above; "unknown" when a model had no price.
 */
export function formatUsd(value: number | null): string {
  if (value === null) return "unknown";
  if (value === 0) return "$0";
  if (value < 1) return `$${Number(value.toPrecision(4))}`;
  return `$${value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
