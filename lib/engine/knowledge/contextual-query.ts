import { words } from "../text/words";
import { terms } from "./terms";
import { mentionedTitles, type TitleLexicon } from "./title-mentions";

// The customer's last message read in its conversation. "And for Spain?" alone names no topic; with
// the question before it ("how long does shipping take?") it is a shipping question about Spain. So
// the lexical query is the recent turns' terms: the last message at weight 1, each earlier customer
// turn at CUSTOMER_DECAY per turn back, and the agent's turns at AGENT_WEIGHT of the customer turn
// they answer (they restate the topic, but they are long and say much beside it). A term keeps its
// highest weight, so a word repeated across turns is not counted twice. The vector half reads the
// last message alone: it says what is asked, while the words of the context find where.
//
// Entities are carried further than words: a source the conversation named ("the Meze Bar", in any
// turn, the agent's included: "I booked you a table at the Meze Bar") stays the subject until another
// is named, so "do they serve beer?" four turns later is still about the Meze Bar. The most recent
// turn naming a source gives its titles full weight, the turn naming one before that TITLE_DECAY;
// rank-passages.ts favours the named sources' passages by that weight.
//
// Chosen on MTRAG dev and DSTC11 val-dev together (bench/knowledge/README.md): decay 0.7 against 0.5
// and 0.3, the agent at 0.1 against 0 and 0.25. The differences were 1–3 questions in 200, so these
// are a reasonable setting rather than a sharp optimum.

const CUSTOMER_DECAY = 0.7;
const AGENT_WEIGHT = 0.1;
/** Customer turns read, the last message included: the fifth back weighs 0.7⁴ ≈ 0.24. */
const MAX_CUSTOMER_TURNS = 5;
const TITLE_DECAY = 0.25;
const MAX_TITLE_TURNS = 2;

export interface ConversationTurn {
  role: "customer" | "agent";
  text: string;
}

interface WeightedText {
  text: string;
  weight: number;
}

export interface KnowledgeQuery {
  /** The customer's last message, as written. */
  message: string;
  /** Stemmed term → weight in (0, 1] for the lexical scorer. */
  terms: Map<string, number>;
  /**
   * What to embed for the vector half: the last message without the named sources' words (empty when
   * nothing is left). The query vector is the weighted sum of these texts' vectors.
   */
  texts: WeightedText[];
  /** Source titles the conversation named, most recent first, with their carried weight. */
  titles: WeightedText[];
  /**
   * The agent's turn before the message, as written ("" when there is none): what the passages found
   * hold of it tells whether the conversation is still on ground they cover (answerability-features.ts).
   */
  previousReply: string;
}

/**
 * The query for the last customer turn of `turns` (oldest first). `lexicon` holds the knowledge base's
 * source titles; without it no entity is carried beyond the decayed words.
 */
export function contextualQuery(turns: readonly ConversationTurn[], lexicon?: TitleLexicon): KnowledgeQuery {
  const lastCustomer = findLastIndex(turns, (turn) => turn.role === "customer");
  const message = lastCustomer >= 0 ? (turns[lastCustomer]?.text ?? "") : "";
  const weighted: WeightedText[] = [];
  let distance = 0;
  for (let i = lastCustomer; i >= 0 && distance < MAX_CUSTOMER_TURNS; i--) {
    const turn = turns[i] as ConversationTurn;
    const customerWeight = CUSTOMER_DECAY ** distance;
    if (turn.role === "customer") {
      weighted.push({ text: turn.text, weight: customerWeight });
      distance += 1;
    } else {
      weighted.push({ text: turn.text, weight: AGENT_WEIGHT * CUSTOMER_DECAY ** (distance - 1) });
    }
  }
  const titles = lexicon ? carriedTitles(turns.slice(0, lastCustomer + 1), lexicon) : [];
  // A named source's words say which source, not what about it: the title match decides the first
  // (rank-passages.ts), and left in the lexical query they would favour the passages that repeat the name.
  const titleTerms = new Set(titles.flatMap((title) => terms(title.text)));
  const termWeights = new Map<string, number>();
  for (const { text, weight } of weighted) {
    for (const term of terms(text)) {
      if (!titleTerms.has(term)) termWeights.set(term, Math.max(termWeights.get(term) ?? 0, weight));
    }
  }
  // The vector says what is asked, so it reads the message alone, without the source's name.
  const titleWords = new Set(titles.flatMap((title) => words(title.text)));
  const asked = words(message)
    .filter((word) => !titleWords.has(word))
    .join(" ");
  const previousReply = turns.slice(0, Math.max(0, lastCustomer)).findLast((turn) => turn.role === "agent")?.text ?? "";
  return {
    message,
    terms: termWeights,
    texts: asked === "" ? [] : [{ text: asked, weight: 1 }],
    titles,
    previousReply,
  };
}

/** Titles named in the conversation, the most recent naming turn first (every turn read, not only the last few). */
function carriedTitles(turns: readonly ConversationTurn[], lexicon: TitleLexicon): WeightedText[] {
  const carried: WeightedText[] = [];
  const seen = new Set<string>();
  let naming = 0;
  for (let i = turns.length - 1; i >= 0 && naming < MAX_TITLE_TURNS; i--) {
    const named = mentionedTitles(lexicon, turns[i]?.text ?? "").filter((title) => !seen.has(title));
    if (named.length === 0) continue;
    for (const title of named) {
      seen.add(title);
      carried.push({ text: title, weight: TITLE_DECAY ** naming });
    }
    naming += 1;
  }
  return carried;
}

function findLastIndex<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i] as T)) return i;
  return -1;
}
