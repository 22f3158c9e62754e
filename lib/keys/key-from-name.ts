// Key suggestions from a display name, while the designer has not typed a key of their own. Keys are
// at most 64 characters (the bundle's AgentKey, EntityKey and VariableName all cap there).
const MAX_KEY = 64;

function words(name: string): string {
  return (
    name
      .normalize("NFKD")
      // Drop the accents NFKD split off ("é" → "e"), so they do not become separators.
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
  );
}

/**
 * "Refunds above $50!" → "refunds-above-50" (agents, rules, scenarios); with "_", "Look up order" →
 * "look_up_order" (tools and steps, like the demo's).
 */
export function keyFromName(name: string, separator: "-" | "_" = "-"): string {
  const runs = new RegExp(`^\\${separator}+|\\${separator}+$`, "g");
  return words(name)
    .replace(/[^a-z0-9]+/g, separator)
    .replace(runs, "")
    .slice(0, MAX_KEY)
    .replace(new RegExp(`\\${separator}+$`), "");
}

/** "Loyalty tier (2024)" → "loyalty_tier_2024": a CEL identifier, so it starts with a letter. */
export function variableNameFromLabel(label: string): string {
  return words(label)
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^[^a-z]+/, "")
    .slice(0, MAX_KEY)
    .replace(/_+$/, "");
}
