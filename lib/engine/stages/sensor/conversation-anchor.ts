import type { SenseRequest } from "../../contracts/model";
import { contentWords, fold, stem, words } from "../../text/words";
import { vocabulary } from "./intent-scores";

/** Pointing at something the conversation already holds: always anchors. */
const BACK_REFERENCE =
  /\b(?:it|its|it's|this|these|those|them|the same|again|(?:is|was|about|on|for|with|of|in|to) that|that(?:'s| one| order| item| price| amount| product| refund| plan)|the one|which one|the first|the second|the third|the last|you found|you listed|you said|you mentioned|instead of)\b|\bthat\s*[?.!]*$/;
/** Pointing at the customer's purchase: anchors unless the message asks for another scenario in its own words. */
const PURCHASE_REFERENCE =
  /\b(?:my order|the order|my refund|the refund|my money|the money|my purchase|the purchase|the item|the parcel|my parcel|the package|my package|i paid|i bought|i ordered|i spent|get back|i get|will i get|do i get|did i pay|did it cost)\b/;

/** Ids and amounts the recent conversation holds: a message repeating one points back at it. */
function conversationTokens(history: SenseRequest["history"]): Set<string> {
  const tokens = new Set<string>();
  for (const turn of history.slice(-6)) {
    for (const w of words(turn.text)) if (/\d/.test(w) && w.length >= 2) tokens.add(w);
  }
  return tokens;
}

/**
 * Why the message belongs to the active scenario's conversation, or null. The active scenario's own
 * vocabulary: stems its examples, its current transitions and its step use that no other scenario's
 * examples use.
 */
export function anchorOf(request: SenseRequest): { strong: boolean; why: string } | null {
  const active = request.activeScenario;
  if (!active) return null;
  const text = fold(request.message).replace(/[\u2019]/g, "'");
  const back = BACK_REFERENCE.exec(text);
  if (back) return { strong: true, why: `points back ("${back[0].trim()}")` };
  const purchase = PURCHASE_REFERENCE.exec(text);
  if (purchase) return { strong: false, why: `points at the purchase ("${purchase[0]}")` };
  const own = new Set<string>();
  const elsewhere = new Set<string>();
  for (const intent of request.intents) {
    if (intent.kind === "exit") continue;
    const mine = intent.kind === "transition" || intent.label === active.intentLabel;
    const target = mine ? own : elsewhere;
    for (const s of vocabulary(intent)) target.add(s);
  }
  for (const s of contentWords(`${active.name} ${request.activeStep?.name ?? ""}`).map(stem)) own.add(s);
  for (const w of contentWords(request.message)) {
    const s = stem(w);
    if (/^\d+$/.test(s)) continue;
    if (own.has(s) && !elsewhere.has(s)) return { strong: false, why: `uses ${active.name}'s word "${w}"` };
  }
  const held = conversationTokens(request.history);
  for (const w of words(request.message))
    if (held.has(w)) return { strong: true, why: `repeats "${w}" from the conversation` };
  return null;
}
