import { deleetWord } from "./leet";
import { extractMoney, type MoneyClaim } from "./money";

// The reply as a sequence the money binding can count words over: words, amounts, sentence stops,
// line breaks, clause marks and the "+" / "&" that join amounts. Built once per reply (linear).

export type MoneyToken =
  | { kind: "word"; text: string }
  | { kind: "amount"; claim: MoneyClaim }
  /** ". ! ? ;" ending a sentence: nothing binds across it ("..." and "…" are a pause, not an end). */
  | { kind: "stop" }
  | { kind: "newline" }
  /** ":" "—" "(" quotes: binding crosses them, a negation does not. */
  | { kind: "mark" }
  /** "," as a mark, and between the items of a list of amounts. */
  | { kind: "comma" }
  | { kind: "join" };

const TOKEN =
  /(?<word>[\p{L}\p{N}]+(?:['’][\p{L}]+)*)|(?<comma>,)|(?<mark>\.{2,}|[:—–()[\]{}"“”«»…]|\s-\s)|(?<stop>[.!?;]+(?=[\s"'”’)\]*_]|$))|(?<newline>\n)|(?<join>[+&])/gu;

function tokensOf(text: string, out: MoneyToken[]): void {
  for (const m of text.matchAll(TOKEN)) {
    const g = m.groups ?? {};
    if (g.word !== undefined) out.push({ kind: "word", text: deleetWord(g.word.replace(/’/g, "'")) });
    else if (g.stop !== undefined) out.push({ kind: "stop" });
    else if (g.newline !== undefined) out.push({ kind: "newline" });
    else if (g.comma !== undefined) out.push({ kind: "comma" });
    else if (g.mark !== undefined) out.push({ kind: "mark" });
    else out.push({ kind: "join" });
  }
}

/** Tokens of normalized (lower-case) text; every money amount extractMoney finds is one token. */
export function moneyTokens(text: string): MoneyToken[] {
  const out: MoneyToken[] = [];
  let at = 0;
  for (const claim of extractMoney(text)) {
    tokensOf(text.slice(at, claim.index), out);
    out.push({ kind: "amount", claim });
    at = claim.index + claim.text.length;
  }
  tokensOf(text.slice(at), out);
  return out;
}
