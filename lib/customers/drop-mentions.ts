// A stored report names a session or turn by its id (a UUID); every id in a string is looked up.
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** What a string that named a forgotten session or turn becomes where it cannot simply go. */
export const FORGOTTEN = "[deleted]";

function stringMentions(text: string, ids: ReadonlySet<string>): boolean {
  for (const match of text.matchAll(UUID)) if (ids.has(match[0].toLowerCase())) return true;
  return false;
}

/** True when any string (or object key) anywhere in the value names one of these ids. */
export function mentionsAny(value: unknown, ids: ReadonlySet<string>): boolean {
  if (typeof value === "string") return stringMentions(value, ids);
  if (Array.isArray(value)) return value.some((item) => mentionsAny(item, ids));
  if (value && typeof value === "object") {
    return Object.entries(value).some(([key, item]) => stringMentions(key, ids) || mentionsAny(item, ids));
  }
  return false;
}

/**
 * The value without what it says about these ids: an array loses every element that names one (a
 * replayed turn with its replies, a test case recorded from the session, the id in a list), an object
 * every key that is one, and a string that names one outside any list becomes FORGOTTEN. Numbers stay
 * (counts hold no customer text), so a report's totals still say how many turns it covered.
 */
export function dropMentions<T>(value: T, ids: ReadonlySet<string>): T {
  if (typeof value === "string") return (stringMentions(value, ids) ? FORGOTTEN : value) as T;
  if (Array.isArray(value)) {
    return value.filter((item) => !mentionsAny(item, ids)).map((item) => dropMentions(item, ids)) as T;
  }
  if (value && typeof value === "object") {
    const kept: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (!stringMentions(key, ids)) kept[key] = dropMentions(item, ids);
    }
    return kept as T;
  }
  return value;
}

/** What a customer's deletion reaches: these agents' stored records that name these sessions or turns. */
export interface ForgetScope {
  agentIds: string[];
  sessionIds: string[];
  turnIds: string[];
}

/** The scope's session and turn ids as mentionsAny and dropMentions look them up (lower case). */
export function forgottenIds(scope: ForgetScope): ReadonlySet<string> {
  return new Set([...scope.sessionIds, ...scope.turnIds].map((id) => id.toLowerCase()));
}
