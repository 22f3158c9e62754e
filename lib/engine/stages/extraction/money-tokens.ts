import { deleetWord } from "./leet";
import { extractMoney, type MoneyClaim } from "./money";

// The reply as a sequence the money binding can count words over: words, amounts, sentence stops,
// line breaks, clause marks, table cell walls and the "+" / "&" that join amounts. Built once per
// reply (linear).

export type MoneyToken =
  | { kind: "word"; text: string }
  | { kind: "amount"; claim: MoneyClaim }
  /** ". ! ? ;" ending a sentence: nothing binds across it ("..." and "…" are a pause, not an end). */
  | { kind: "stop"; question?: true }
  | { kind: "newline" }
  /** ":" "—" "(" quotes: binding crosses them, a negation does not. `dash`: "–" or " - ", which may join the ends of a range ("$40–$75"). */
  | { kind: "mark"; dash?: true }
  /** "," as a mark, and between the items of a list of amounts. */
  | { kind: "comma" }
  /** "|": a wall between the cells of a Markdown table row; binding crosses it like a mark. */
  | { kind: "cell" }
  | { kind: "join" };

// A hyphen between blanks is a dash, but not the one a list item starts with: "\n- Refund" keeps its
// line break, so the items of a list are lines like those of a table.
const TOKEN =
  /(?<word>[\p{L}\p{N}]+(?:['’][\p{L}]+)*)|(?<comma>,)|(?<dash>–|[^\S\n]-\s)|(?<mark>\.{2,}|[:—()[\]{}"“”«»…])|(?<stop>[.!?;]+(?=[\s"'”’)\]*_|]|$))|(?<newline>\n)|(?<cell>\|)|(?<join>[+&])/gu;

function tokensOf(text: string, out: MoneyToken[]): void {
  for (const m of text.matchAll(TOKEN)) {
    const g = m.groups ?? {};
    if (g.word !== undefined) out.push({ kind: "word", text: deleetWord(g.word.replace(/’/g, "'")) });
    else if (g.stop !== undefined) out.push(g.stop.includes("?") ? { kind: "stop", question: true } : { kind: "stop" });
    else if (g.newline !== undefined) out.push({ kind: "newline" });
    else if (g.comma !== undefined) out.push({ kind: "comma" });
    else if (g.dash !== undefined) out.push({ kind: "mark", dash: true });
    else if (g.mark !== undefined) out.push({ kind: "mark" });
    else if (g.cell !== undefined) out.push({ kind: "cell" });
    else out.push({ kind: "join" });
  }
}

/**
 * Tokens of normalized (lower-case) text; every money amount extractMoney finds is one token.
 * `claims`: extractMoney(text), when the caller has it.
 */
export function moneyTokens(text: string, claims: readonly MoneyClaim[] = extractMoney(text)): MoneyToken[] {
  const out: MoneyToken[] = [];
  let at = 0;
  for (const claim of claims) {
    tokensOf(text.slice(at, claim.index), out);
    out.push({ kind: "amount", claim });
    at = claim.index + claim.text.length;
  }
  tokensOf(text.slice(at), out);
  return out;
}
