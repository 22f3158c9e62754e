import type { DeclaredClaim, GenerateOutput, GenerateRequest } from "@/lib/engine/contracts/model";
import { extractCountry } from "./entities";
import { knowledgeAnswer } from "./knowledge-answer";
import { collectRecords, type DataRecord, describeRecord, formatPrice, formatPromise } from "./records";
import { isExitRequest } from "./sense";
import { capitalize, contentWords, fold, stem, words } from "./text";

// The offline generator: template replies whose choice is driven by the request's directives — the
// matched rules' action texts and the step instructions — read for keywords ("offer … refund",
// "ask for …", "list them", "thank the customer for …", "do not give … advice"). Tool outputs are read
// as typed data only (records.ts); their text never selects a template or becomes an instruction.
//
// It deliberately plays a naive first draft: at a refund-offering point it promises the full amount
// the data shows ("I'll process a $75 refund …"), because catching that is lane 1's job
// (`refund_amount <= 50`). When the request carries violations, the redraft obeys them: bounds such as
// "at most $50" / "up to $50" / "<= 50" cap the promise, and a "say that …" clause in the violated
// rule is stated. Same request → same text.

const MAX_QUESTIONS = 2;
const UPSET =
  /\b(?:angry|upset|furious|frustrat\w*|annoy\w*|ridiculous|terrible|awful|unacceptable|disappoint\w*|worst|fed up|still waiting)\b|!{2,}/;
const REASON_WORDS =
  /\b(?:because|broken|broke|damaged|defective|faulty|wrong|late|missing|cracked|leak\w*|doesn'?t work|does not work|no longer|don'?t need|do not need|changed my mind|too (?:small|big|large))\b/;
const GREETING = /^(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening))\b/;
const THANKS = /^(?:thanks?|thank you|cheers|great,? thanks?)\b/;
/** A message that only says thanks ("ok thanks", "great, thank you!"): the conversation is closing. */
const ONLY_THANKS =
  /^(?:(?:ok(?:ay)?|great|perfect|brilliant|lovely|cool)[,.!]?\s+)?(?:thanks?|thank you|thx|cheers)(?:\s+(?:a lot|so much|very much))?[.!]*$/;

interface Draft {
  statements: string[];
  questions: string[];
}

/** The customer's point of view: "the customer is asking" → "you are asking". */
function toSecondPerson(text: string): string {
  return text
    .replace(/\bthe customer's\b/gi, "your")
    .replace(/\bthe customer is\b/gi, "you are")
    .replace(/\bthe customer has\b/gi, "you have")
    .replace(/\bthe customer\b/gi, "you")
    .replace(/\btheir\b/gi, "your")
    .replace(/\btheirs\b/gi, "yours")
    .replace(/\bthey are\b/gi, "you are")
    .replace(/\bthey\b/gi, "you");
}

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|;\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function humanize(name: string): string {
  return name.replace(/_id$/, "_number").replace(/_/g, " ");
}

/** Money bounds in violated rules: "at most $50", "up to $50", "no more than 50 dollars", "refund_amount <= 50". */
export function parseBounds(texts: readonly string[]): number[] {
  const bounds: number[] = [];
  const money = "\\$?\\s?(\\d[\\d,]*(?:\\.\\d+)?)";
  const patterns = [
    new RegExp(
      `\\b(?:at most|up to|no more than|not more than|maximum of|max(?:imum)?|a limit of|capped at)\\s+${money}`,
      "gi",
    ),
    /<=\s*(\d[\d,]*(?:\.\d+)?)/g,
  ];
  for (const text of texts) {
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) {
        const value = Number((match[1] ?? "").replace(/,/g, ""));
        if (Number.isFinite(value)) bounds.push(value);
      }
    }
  }
  return bounds;
}

/** Ids the customer is talking about: id-like profile values, and id-like tokens of the message. */
function wantedIds(request: GenerateRequest): { fromProfile: string[]; fromMessage: string[] } {
  const fromProfile: string[] = [];
  for (const [key, value] of Object.entries(request.profile)) {
    if ((typeof value === "string" || typeof value === "number") && /(?:^|_)(?:id|number|ref)$/.test(key)) {
      fromProfile.push(String(value).replace(/^#/, ""));
    }
  }
  const fromMessage = [...request.message.matchAll(/#?\b([A-Za-z]*\d[A-Za-z0-9-]*)\b/g)].flatMap((m) =>
    m[1] ? [m[1]] : [],
  );
  return { fromProfile, fromMessage };
}

function sameId(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** "Offer a refund …", "You may offer at most $50 back …" — but not "Before offering money back, confirm …". */
function isOffering(directives: readonly string[]): boolean {
  return directives
    .map((d) => d.replace(/\bbefore offering[^,.;:]*/gi, ""))
    .some((d) => /\boffer\w*\b[^.]*?\b(?:refund|money back|back)\b/i.test(d) || /\brefund\b[^.]*\boffer/i.test(d));
}

/** Where the money goes: what a directive names ("to the store credit account"), else the original payment method. */
function paymentMethod(directives: readonly string[]): string {
  for (const d of directives) {
    const named =
      /\brefund\w*\b[^.]*?\bto (?:the|their|your) ((?:original )?(?:payment method|card|account|store credit|wallet)[^.,;]*)/i.exec(
        d,
      );
    if (named?.[1]) return ` to your ${named[1].trim()}`;
  }
  return " to your original payment method";
}

/** "a specialist will review the refund within 2 business days" from "…, say that a specialist will …". */
function statedClause(texts: readonly string[], record: DataRecord): string {
  for (const text of texts) {
    const said = /\b(?:say|explain|tell the customer) that ([^;.]+)/i.exec(text)?.[1];
    if (said) return toSecondPerson(said.trim()).replace(/\bthe refund\b/i, `the rest of ${record.noun} ${record.id}`);
  }
  if (texts.some((t) => /specialist/i.test(t))) {
    return `a specialist will review the rest of ${record.noun} ${record.id}`;
  }
  return `the rest of ${record.noun} ${record.id} needs a separate review`;
}

/** The product a pricing question names: "How much does the blue kettle cost?" → "the blue kettle". */
function productOf(message: string): string | null {
  const match =
    /\b(?:how much (?:does|do|is|are|would|will)|price of|cost of|what does|what do|what's the price of)\s+((?:the|a|an|your|this|that)\s+)?([a-z0-9][a-z0-9 -]{1,40}?)(?:\s+(?:cost|costs|be|come to))?\s*[?.!]*$/i.exec(
      message.trim(),
    );
  const product = match?.[2]?.trim();
  if (!product || /^(?:it|this|that|shipping)$/i.test(product)) return null;
  return `${match?.[1] ?? "the "}${product}`.replace(/^(?:a|an|your) /i, "the ").toLowerCase();
}

/**
 * The catalogue entry a product phrase names: every content word of "the blue kettle" is a part of its
 * id ("kettle-blue-2l"). Only the id is read, never the entry's label, so the words quoted back are the
 * customer's own (tool output is data). Two entries that both fit ("the kettle") name none: no guess.
 */
function catalogueEntry(catalogue: readonly DataRecord[], product: string): DataRecord | null {
  const wanted = contentWords(product).map(stem);
  if (wanted.length === 0) return null;
  const fits = catalogue.filter((entry) => {
    const parts = entry.id.toLowerCase().split(/[-_]/).map(stem);
    return wanted.every((w) => parts.includes(w));
  });
  return fits.length === 1 ? (fits[0] ?? null) : null;
}

/** Whether the conversation already holds what a step would ask for ("order", "reason", "email", "product"). */
function known(noun: string, request: GenerateRequest, focus: DataRecord | null): string | null {
  const n = stem(noun);
  for (const [key, value] of Object.entries(request.profile)) {
    if (value !== null && value !== undefined && value !== "" && key.split("_").some((part) => stem(part) === n)) {
      return String(value);
    }
  }
  if (focus && stem(focus.noun) === n) return focus.id;
  const message = fold(request.message);
  const said = [message, ...customerTurns(request).map(fold)];
  if (n === "reason" && said.some((m) => REASON_WORDS.test(m))) return "given";
  if (n === "email" && said.some((m) => /@/.test(m))) return "given";
  if (n === "product" && productOf(request.message)) return productOf(request.message);
  if (n === "country" && extractCountry(request.message)) return extractCountry(request.message);
  return null;
}

interface Asked {
  /** "Just to confirm: this is about order 123." */
  confirmations: string[];
  questions: { noun: string; text: string }[];
}

/** What the customer said before this message, latest first. */
function customerTurns(request: GenerateRequest): string[] {
  return request.history
    .filter((h) => h.role === "user")
    .map((h) => h.text)
    .reverse();
}

/** Whether an earlier reply already said `text` (a read-back, a "couldn't find", an offer). */
function saidBefore(request: GenerateRequest, text: string): boolean {
  const needle = text.toLowerCase();
  return request.history.some((h) => h.role === "agent" && h.text.toLowerCase().includes(needle));
}

/** Questions the step instructions and rule actions ask for ("Ask which order …", "ask for the email …"). */
function askedQuestions(directives: readonly string[], request: GenerateRequest, focus: DataRecord | null): Asked {
  const asked: Asked = { confirmations: [], questions: [] };
  for (const directive of directives) {
    const list = sentences(directive);
    for (let i = 0; i < list.length; i++) {
      const sentence = list[i] ?? "";
      const wh = /\b(?:ask|find out)\s+(which|what|whether|how|why|when|where)\s+(.+?)[.]?$/i.exec(sentence);
      const about = /\bask (?:for|about)\s+(.+?)(?:\s+if\b.*)?[.]?$/i.exec(sentence);
      if (!wh && !about) continue;
      const subject = wh ? (wh[2] ?? "") : (about?.[1] ?? "");
      const rest = toSecondPerson((wh ? `${wh[1]} ${subject}` : subject).replace(/\s+if\b.*$/i, ""));
      // What is asked for: "which order the refund is for" → order; "the email address on the order" → email.
      const noun = contentWords(subject)[0] ?? "";
      if (request.missingVariables.some((v) => v.name.split("_").some((p) => stem(p) === stem(noun)))) continue;
      const value = noun ? known(noun, request, focus) : null;
      if (value) {
        // "If the customer already gave an order number, confirm it instead of asking again."
        const next = list[i + 1] ?? "";
        const notFound = saidBefore(request, `couldn't find ${noun} ${value}`);
        if (notFound) {
          asked.questions.push({ noun, text: `Could you tell me ${rest.replace(/[.?!]+$/, "")}?` });
        } else if (/\bconfirm\b/i.test(next) && value !== "given" && !(focus && sameId(focus.id, value))) {
          asked.confirmations.push(`Just to confirm: this is about ${noun} ${value}.`);
        }
        continue;
      }
      const text = `Could you tell me ${rest.replace(/[.?!]+$/, "")}?`;
      if (!asked.questions.some((q) => q.text === text)) asked.questions.push({ noun, text });
    }
  }
  return asked;
}

/**
 * The claims of a reply the generator wrote: it knows what it promised. A money variable about giving
 * money back gets the refund it offered (or null); every other money or number variable null; every
 * boolean or name list false, since it never names competitors or advises on money on purpose.
 */
function declaredClaims(
  request: GenerateRequest,
  promised: { amount: number; currency: string } | null,
): Record<string, DeclaredClaim> {
  const claims: Record<string, DeclaredClaim> = {};
  for (const variable of request.responseVariables) {
    if (variable.type === "money") claims[variable.name] = MONEY_BACK.test(variable.name) ? promised : null;
    else if (variable.type === "number") claims[variable.name] = null;
    else claims[variable.name] = false;
  }
  return claims;
}

const MONEY_BACK = /refund|reimburs|compensat|money_back|payout/i;
/** An earlier reply of this generator that made an offer ("I'll process a $42.50 refund", "I can refund $50"). */
const OFFERED = /\b(?:I'll process a \S+ refund|I can refund \S+)/;

/** The current step is where the offer is made: asking "is that the one?" there would stall the flow. */
function offeringStep(request: GenerateRequest): boolean {
  return request.step !== null && isOffering([request.step.instructions]);
}

export function offlineGenerate(request: GenerateRequest): GenerateOutput {
  // Thanks after an earlier reply closes the conversation: no read-back, no second offer, no question
  // but whether there is anything else.
  if (ONLY_THANKS.test(fold(request.message).trim()) && request.history.some((h) => h.role === "agent")) {
    return { text: "You're welcome! Is there anything else I can help with?", claims: declaredClaims(request, null) };
  }
  const fromKnowledge = knowledgeAnswer(request);
  if (fromKnowledge) return { ...fromKnowledge, claims: declaredClaims(request, null) };
  const at = situationOf(request);
  const draft: Draft = { statements: [], questions: [] };
  ruleStatements(at, draft);
  const promised = recordStatements(at, draft);
  priceStatements(at, draft);
  draft.statements.push(...at.asked.confirmations);
  questions(at, draft);
  nothingYet(at, draft);
  const text = [...draft.statements, ...draft.questions.slice(0, MAX_QUESTIONS)].map(capitalize).join(" ");
  return { text, claims: declaredClaims(request, promised) };
}

/** What a reply is drawn from: the directives, the records the tools returned, what is asked and offered. */
interface Situation {
  request: GenerateRequest;
  /** The matched rules' action texts and the step's instructions. */
  directives: string[];
  /** The violated rules' action texts and details (a redraft). */
  violated: string[];
  /** The customer's message, folded. */
  message: string;
  catalogue: DataRecord[];
  records: DataRecord[];
  ids: ReturnType<typeof wantedIds>;
  /** The record the customer means, if one. */
  focus: DataRecord | null;
  /** Several records and none meant: they are listed. */
  listing: boolean;
  listedNoun: string;
  asked: Asked;
  /** What the step and the rules still ask, less what a list already asks. */
  pending: Asked["questions"];
  offering: boolean;
  /** The lowest money bound of the violated rules. */
  cap: number | null;
  capped: boolean;
}

function situationOf(request: GenerateRequest): Situation {
  const directives = [...request.ruleActions.map((r) => r.actionText), request.step?.instructions ?? ""].filter(
    Boolean,
  );
  const violated = request.violations.flatMap((v) => [v.actionText, v.detail]).filter(Boolean);
  const collected = collectRecords(request.toolOutputs);
  const catalogue = collected.filter((r) => r.catalogue && r.amount !== null);
  const records = collected.filter((r) => !r.catalogue);
  const ids = wantedIds(request);
  // The record the customer means: named in this message or the profile, else the one named last in
  // an earlier message ("open the sample2 pls", then "wrong size, I want my money back").
  const earlierIds = customerTurns(request).flatMap((text) => wantedIds({ ...request, message: text }).fromMessage);
  const named = (candidates: string[]) => records.find((r) => candidates.some((id) => sameId(id, r.id)));
  const focus =
    named([...ids.fromMessage, ...ids.fromProfile]) ??
    (records.length === 1 ? (records[0] ?? null) : null) ??
    named(earlierIds) ??
    null;
  const listing = !focus && records.length > 1;
  const listedNoun = records[0]?.noun ?? "item";

  // What the step and the rules still need from the customer. A list of candidates already asks
  // "which one", so a question about the same thing is dropped.
  // Inside a scenario the step says what to ask, one need at a time; a rule's "ask for …" only asks
  // outside one, so a customer in the middle of a flow is never asked for something the step does not need.
  const asked = askedQuestions(request.step ? [request.step.instructions] : directives, request, focus);
  const pending = asked.questions.filter((q) => !(listing && stem(q.noun) === stem(listedNoun)));

  // An offer waits until nothing is pending ("Before offering money back, confirm …").
  const offering =
    (isOffering(directives) || isOffering(request.violations.map((v) => v.actionText))) &&
    focus !== null &&
    focus.amount !== null &&
    focus.amount > 0 &&
    pending.length === 0 &&
    request.missingVariables.length === 0;
  const cap = parseBounds(violated).reduce<number | null>((min, b) => (min === null || b < min ? b : min), null);
  const capped = offering && focus?.amount != null && cap !== null && focus.amount > cap;
  const message = fold(request.message).trim();
  return {
    request,
    directives,
    violated,
    message,
    catalogue,
    records,
    ids,
    focus,
    listing,
    listedNoun,
    asked,
    pending,
    offering,
    cap,
    capped,
  };
}

/** 1–3: what the rules say to say: thanks, an apology, the topics and comparisons kept out of bounds. */
function ruleStatements(at: Situation, draft: Draft): void {
  const { request, directives, violated, message } = at;
  // 1. Thanks a rule asks for: "Thank the customer for being a VIP in one short sentence."
  for (const directive of directives) {
    const thanks = /\bthank the customer for ([^.;]+?)(?:\s+in one (?:short )?sentence)?[.;]/i.exec(directive)?.[1];
    if (thanks) draft.statements.push(`Thank you for ${toSecondPerson(thanks)}.`);
  }

  // 2. Acknowledge frustration when a rule asks for it and the customer is upset or the reply limits a refund.
  const wantsAcknowledgement = [...directives, ...violated].some((d) => /\backnowledge\b|\bapologi[sz]e\b/i.test(d));
  if (wantsAcknowledgement && (UPSET.test(message) || at.capped || request.violations.length > 0)) {
    draft.statements.push("I'm sorry for the trouble with this.");
  }

  // 3. Topics a rule keeps out of bounds: "Do not give investment, saving, credit or tax advice …".
  for (const directive of directives) {
    const topics = /\bdo not give ([a-z ,]+?) advice\b/i.exec(directive)?.[1];
    if (!topics) continue;
    const topicStems = contentWords(topics).map((w) => stem(w).slice(0, 5));
    if (words(request.message).some((w) => topicStems.includes(stem(w).slice(0, 5)))) {
      draft.statements.push(`I'm not able to give ${topics.trim()} advice; that is outside what I can help with.`);
    }
  }
  if (
    directives.some((d) => /\b(?:never|do not|don't)\s+(?:name|mention)\b[^.]*\bcompet/i.test(d)) &&
    /\b(?:competitor|other (?:store|shop)s?|elsewhere|cheaper|price match)\b/.test(message)
  ) {
    draft.statements.push("I can't compare us with other stores, but I'm happy to look at what we can do for you.");
  }
}

/** 4. Data from tools: read back the record the customer means (and offer), or list the candidates. The refund promised. */
function recordStatements(at: Situation, draft: Draft): { amount: number; currency: string } | null {
  const { request, focus, records, listedNoun, cap } = at;
  if (focus) {
    const details = describeRecord(focus);
    const readBack = `I found ${focus.noun} ${focus.id}${details ? `: ${details}` : ""}.`;
    // An earlier reply already read it back: the customer is not told the same thing twice.
    const toldBefore = saidBefore(request, readBack);
    if (!toldBefore) draft.statements.push(readBack);
    if (!toldBefore && !at.offering && at.pending.length === 0 && request.step && !offeringStep(request)) {
      draft.questions.push(`Is that the ${focus.noun} you mean?`);
    }
    if (at.offering && focus.amount !== null) {
      const to = paymentMethod(at.directives);
      const capped = at.capped && cap !== null;
      draft.statements.push(
        capped
          ? `I can refund ${formatPromise(cap, focus.currency)}${to} right away; ${statedClause(at.violated, focus)}.`
          : `I'll process a ${formatPromise(focus.amount, focus.currency)} refund for ${focus.noun} ${focus.id}${to}.`,
      );
      return { amount: capped ? cap : focus.amount, currency: focus.currency ?? "USD" };
    }
  } else if (at.listing) {
    const missing = at.ids.fromProfile[0];
    const listed = records.slice(0, 10).map((r) => {
      const details = describeRecord(r);
      return details ? `${r.id} (${details})` : r.id;
    });
    const notFound = missing ? `I couldn't find ${listedNoun} ${missing}.` : null;
    if (notFound && !saidBefore(request, notFound)) draft.statements.push(notFound);
    draft.statements.push(`I found these ${listedNoun}s: ${joinList(listed)}.`);
  }
  return null;
}

/** 5. Prices a rule says to quote: the catalogue entry the question names, else say plainly none is at hand. */
function priceStatements(at: Situation, draft: Draft): void {
  const quotesPrices = at.directives.some((d) => /\b(?:quote|give)\b[^.]*\bprice\b/i.test(d));
  const asksPrice = /\b(?:price|prices|pricing|cost|costs|how much|quote|expensive|cheap|cheaper)\b/.test(at.message);
  const product = quotesPrices && asksPrice ? productOf(at.request.message) : null;
  const listed = product ? catalogueEntry(at.catalogue, product) : null;
  if (product && listed) {
    draft.statements.push(`The list price of ${product} is ${formatPrice(listed)}.`);
  } else if (quotesPrices && asksPrice && !at.focus && at.records.every((r) => r.amount === null)) {
    draft.statements.push(
      `I don't have that information at hand: I can't see the current list price${product ? ` of ${product}` : ""}, and I won't guess one.`,
    );
  }
}

/** 6. Questions: missing variables first, then "which one", then what the step and rules ask. */
function questions(at: Situation, draft: Draft): void {
  const missing = at.request.missingVariables;
  if (missing.length > 0) {
    draft.questions.push(`Could you tell me your ${joinList(missing.map((v) => humanize(v.name)))}?`);
  }
  if (at.listing) draft.questions.push("Which one do you mean?");
  draft.questions.push(...at.pending.map((q) => q.text));
}

/** 7. Nothing to say yet: greet, close on an exit, thank, or ask what is needed. */
function nothingYet(at: Situation, draft: Draft): void {
  const { request, message } = at;
  const greeted = GREETING.test(message);
  if (greeted && request.history.length === 0) {
    draft.statements.unshift(`Hello! You're chatting with the ${request.agentName}.`);
  }
  if (greeted && draft.questions.length === 0 && at.records.length === 0)
    draft.questions.push("How can I help you today?");
  if (draft.statements.length > 0 || draft.questions.length > 0) return;
  if (isExitRequest(request.message)) {
    draft.statements.push("No problem, I've stopped there.");
    draft.questions.push("Is there anything else I can help with?");
  } else if (request.history.some((h) => h.role === "agent" && OFFERED.test(h.text))) {
    // Asked again after the offer: the offer stands, it is not made twice.
    draft.statements.push("The refund I offered above still stands.");
    draft.questions.push("Is there anything else I can help with?");
  } else if (THANKS.test(message)) {
    draft.statements.push("You're welcome!");
    draft.questions.push("Is there anything else I can help with?");
  } else if (request.step) {
    const goal = `${request.step.name.charAt(0).toLowerCase()}${request.step.name.slice(1)}`;
    draft.statements.push("I can help with that.");
    draft.questions.push(`Could you tell me a bit more so I can ${goal}?`);
  } else {
    draft.statements.push("Thanks for your message.");
    draft.questions.push("Could you tell me a bit more about what you need?");
  }
}
