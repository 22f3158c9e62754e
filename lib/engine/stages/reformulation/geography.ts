import type { Token } from "./text-tokens";

// A small containment tree for "wider place range" (scope expansion: breadth increase).
// "Paris" → "France" widens; "France" → "Paris" narrows. Places not listed are entities like any
// other (a new one needs evidence). Keys are lower-case phrases.
const PARENT: Record<string, string> = {
  "new york": "united states",
  "los angeles": "united states",
  chicago: "united states",
  "san francisco": "california",
  california: "united states",
  texas: "united states",
  "united states": "north america",
  canada: "north america",
  toronto: "canada",
  mexico: "north america",
  "north america": "world",
  paris: "france",
  lyon: "france",
  france: "europe",
  london: "united kingdom",
  "united kingdom": "europe",
  berlin: "germany",
  germany: "europe",
  madrid: "spain",
  spain: "europe",
  rome: "italy",
  italy: "europe",
  amsterdam: "netherlands",
  netherlands: "europe",
  europe: "world",
  tokyo: "japan",
  japan: "asia",
  beijing: "china",
  shanghai: "china",
  china: "asia",
  mumbai: "india",
  india: "asia",
  singapore: "asia",
  asia: "world",
  sydney: "australia",
  australia: "world",
  "south america": "world",
  brazil: "south america",
  africa: "world",
};

const ALIAS: Record<string, string> = {
  nyc: "new york",
  "new york city": "new york",
  la: "los angeles",
  usa: "united states",
  america: "united states",
  uk: "united kingdom",
  britain: "united kingdom",
  england: "united kingdom",
  worldwide: "world",
  global: "world",
  globally: "world",
  international: "world",
  everywhere: "world",
};

const MAX_PLACE_WORDS = 3;

function canonicalPlace(phrase: string): string | null {
  const name = ALIAS[phrase] ?? phrase;
  return name === "world" || name in PARENT ? name : null;
}

/** Places named in the tokens, canonical ("NYC" → "new york"), longest phrase first at each point. */
export function placesIn(tokens: Token[]): string[] {
  const found: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    for (let n = MAX_PLACE_WORDS; n >= 1; n--) {
      const phrase = tokens
        .slice(i, i + n)
        .map((t) => t.norm)
        .join(" ");
      const place = n <= tokens.length - i ? canonicalPlace(phrase) : null;
      if (place) {
        found.push(place);
        i += n - 1;
        break;
      }
    }
  }
  return found;
}

export function isPlace(phrase: string): boolean {
  return canonicalPlace(phrase) !== null;
}

/** True when `outer` strictly contains `inner` ("europe" contains "paris"). */
export function placeContains(outer: string, inner: string): boolean {
  let current = PARENT[inner];
  while (current) {
    if (current === outer) return true;
    current = PARENT[current];
  }
  return false;
}
