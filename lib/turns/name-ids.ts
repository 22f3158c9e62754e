// The engine records scenarios, steps, transitions and rules by id (`intent transition:020dcb90-…`);
// people read names. Ids of things deleted since keep their id: there is no name left to show.

/** Id → name, for one agent's configuration. */
export type ConfigNames = Record<string, string>;

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const TRANSITION = new RegExp(`transition:(${UUID})`, "gi");
const BARE = new RegExp(UUID, "gi");

/** "intent transition:<id> 0.82" → "intent transition “Ask for the order → Look up the order” 0.82". */
export function nameIds(text: string, names: ConfigNames): string {
  return text
    .replace(TRANSITION, (whole, id: string) => (names[id] ? `transition “${names[id]}”` : whole))
    .replace(BARE, (id) => (names[id] ? `“${names[id]}”` : id));
}

/** Every string inside a value (span attributes) with its ids named. */
export function nameIdsDeep(value: unknown, names: ConfigNames): unknown {
  if (typeof value === "string") return nameIds(value, names);
  if (Array.isArray(value)) return value.map((v) => nameIdsDeep(v, names));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, nameIdsDeep(v, names)]));
  }
  return value;
}
