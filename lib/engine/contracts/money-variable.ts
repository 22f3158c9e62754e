// A money variable `x` gives lane 1 two names: `x` (each amount the reply states) and `x_total` (their
// sum, one term per mention, after conversion). The companion is declared wherever `x` is, so a rule
// may read it and no other field, variable or tool output may take its name.

const TOTAL_SUFFIX = "_total";

export const totalNameOf = (name: string): string => `${name}${TOTAL_SUFFIX}`;

/** The CEL names a response variable declares: itself, and its total when it is money. */
export function declaredNamesOf(variable: { name: string; type: string }): string[] {
  return variable.type === "money" ? [variable.name, totalNameOf(variable.name)] : [variable.name];
}
