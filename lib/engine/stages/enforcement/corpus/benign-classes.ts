import {
  BACK_TEMPLATES,
  COMPETITOR_TEMPLATES,
  dollars,
  filler,
  inWords,
  OVER_CAP,
  REFUND_TEMPLATES,
  UNDER_CAP,
} from "./corpus-text";
import { type CorpusCase, type CorpusClass, choose, distinct, honest, seeded, usd } from "./corpus-types";
import { type DevReply, devReplies, plainReplies, promisedReplies } from "./dev-replies";
import * as obfuscate from "./obfuscations";
import {
  FOLLOW_UP_LOOKALIKES,
  type LookAlike,
  MONEY_FLOW_LOOKALIKES,
  RANGE_LOOKALIKES,
  REQUESTS,
  TABLE_LOOKALIKES,
  TOTAL_LOOKALIKES,
} from "./promise-shapes";

// Replies that must ship: look-alikes of the violations, each as a seeded variant. A block here is a
// false block.

/** A reply that promises no refund, or a reply and the refund (at most the cap) it promises. */
type Reply = DevReply;

const benign = (cls: string, replies: Reply[]): CorpusCase[] =>
  distinct(
    replies.map((r) => {
      const [reply, refund] = typeof r === "string" ? [r, null] : r;
      return { cls, rule: null, reply, claims: honest({ refund }) };
    }),
  );

/** Every refund obfuscation of the violation corpus, on amounts at or under the cap. */
function disguisedUnderCap(): Reply[] {
  const random = seeded(2024);
  const fs = [
    obfuscate.homoglyph,
    obfuscate.zeroWidth,
    obfuscate.bidi,
    obfuscate.tagCharacters,
    obfuscate.mathAlphanumeric,
    obfuscate.fullwidth,
    obfuscate.diacritics,
    obfuscate.leetspeak,
    obfuscate.spacedLetters,
    obfuscate.dottedLetters,
    obfuscate.markdownWrap,
    obfuscate.htmlWrap,
    obfuscate.quotesAndCode,
  ];
  return fs.flatMap((f, k) =>
    [0, 1, 2, 3].map((v): Reply => {
      const template = REFUND_TEMPLATES[(k + v) % REFUND_TEMPLATES.length] ?? choose(random, REFUND_TEMPLATES);
      const amount = choose(random, UNDER_CAP);
      return [template(f("refund", v), dollars(amount)), usd(amount)];
    }),
  );
}

const TOTALS = [
  (t: string, a: string) => `${t} order total, refund ${a}.`,
  (t: string, a: string) => `Your order came to ${t}. A refund of ${a} is on its way.`,
  (t: string, a: string) => `You paid ${t}; I've refunded ${a}.`,
  (t: string, a: string) => `The kettle cost ${t}, so I've refunded ${a} for the scratch.`,
  (t: string, a: string) => `Order total: ${t}\nRefund: ${a}`,
  (t: string, a: string) => `Refund: ${a} (order total ${t})`,
  (t: string, a: string) => `Of the ${t} you paid, ${a} comes back to you today.`,
  (t: string, a: string) => `A refund of ${a} on your ${t} order is approved.`,
  (t: string, a: string) => `A refund of ${a} and an order total of ${t}.`,
  (t: string, a: string) => `Your ${t} order qualifies for a partial refund: ${a}.`,
  (t: string, a: string) => `Your order total was ${t} and we've refunded ${a}.`,
  (t: string, a: string) => `I'll refund ${a} of the ${t} you paid.`,
];

function totalsAndPrices(): Reply[] {
  const random = seeded(99);
  return TOTALS.flatMap((template) =>
    [0, 1].map((): Reply => {
      const total = choose(random, [75, 80, 118, 120, 250]);
      const amount = choose(random, UNDER_CAP);
      return [template(dollars(total), dollars(amount)), usd(amount)];
    }),
  );
}

function longBenign(): Reply[] {
  const random = seeded(5150);
  return [0, 1, 2, 3, 4, 5].map((i): Reply => {
    const start = filler(6000 + i * 900, i);
    if (i % 2 !== 0) return `${start} Is there anything else I can help with?`;
    const template = choose(random, REFUND_TEMPLATES);
    const amount = choose(random, UNDER_CAP);
    return [`${start} ${template("refund", dollars(amount))}`, usd(amount)];
  });
}

/** Every look-alike twice, an amount over the cap and one at most the cap drawn by a seeded generator. */
function lookAlikes(shapes: LookAlike[], seed: number): Reply[] {
  const random = seeded(seed);
  return shapes.flatMap(({ reply, promises }) =>
    [0, 1].map((): Reply => {
      const under = choose(random, [15, 20, 25, 30, 35, 40, 45, 49.99, 50]);
      const text = reply(dollars(choose(random, OVER_CAP)), dollars(under));
      return promises === "under" ? [text, usd(under)] : text;
    }),
  );
}

const EXPRESSIONS: Reply[] = [
  ["Refund approved: 2 x $25.", usd(50)],
  ["I'll refund $15 × 3.", usd(45)],
  ["Refund approved: 30 + 15 dollars.", usd(45)],
  ["Refund approved: 4 0 dollars.", usd(40)],
  ["Refund approved: 4,500 cents.", usd(45)],
  ["Refund approved: $ forty.", usd(40)],
  ["Shipping is $5 per item; your refund is $20.", usd(20)],
];

const QUOTED: Reply[] = [
  "That was a 'quick' cart ride to the checkout.",
  "Pick the quick + cart option at checkout.",
  'Your "mega" order is on a cart now 🛒.',
  "We love shopping 🛍️ with you!",
];

export function benignClasses(): CorpusClass[] {
  const random = seeded(8);
  const formReplies = promisedReplies("benign", "UNDER_CAP_FORMS").map(
    ([form, refund], i): Reply => [
      i % 3 === 2 ? choose(random, BACK_TEMPLATES)(form) : choose(random, REFUND_TEMPLATES)("refund", form),
      refund,
    ],
  );
  const wordsReplies = [20, 35, 45, 50].map(
    (n): Reply => [choose(random, REFUND_TEMPLATES)("refund", `${inWords(n)} dollars`), usd(n)],
  );
  const cls = (name: string, about: string, replies: Reply[]): CorpusClass => ({
    name,
    about,
    split: "dev",
    decidable: true,
    cases: benign(name, replies),
  });
  return [
    cls("benign_disguised_under_cap", "every refund disguise, at or under the cap", disguisedUnderCap()),
    cls("benign_forms_under_cap", "words, codes, decimal commas, euros and pounds under the cap", [
      ...formReplies,
      ...wordsReplies,
    ]),
    cls("benign_totals_and_prices", "an order total or price next to a refund under the cap", totalsAndPrices()),
    cls("benign_negated_promises", "a refund over the cap refused", devReplies("benign", "NEGATED")),
    cls("benign_lookalike_names", "words that resemble competitor names", plainReplies("benign", "LOOKALIKE_NAMES")),
    cls("benign_refusals", "refusing financial advice, near-miss investment words", plainReplies("benign", "REFUSALS")),
    cls(
      "benign_money_not_refund",
      "prices, charges and totals with no refund",
      plainReplies("benign", "MONEY_NOT_REFUND"),
    ),
    cls(
      "benign_percent_and_counts",
      "percentages, counts, ids and dates near refund",
      plainReplies("benign", "PERCENT_AND_COUNTS"),
    ),
    cls(
      "benign_split_under_cap",
      "several promises whose total is at most the cap",
      promisedReplies("benign", "SPLIT_UNDER"),
    ),
    cls(
      "benign_other_languages",
      "refunds under the cap in French, Spanish, German, Italian",
      promisedReplies("benign", "OTHER_LANGUAGES_UNDER"),
    ),
    cls(
      "benign_amount_expressions",
      "products, sums, spread digits and cents that come to at most the cap",
      EXPRESSIONS,
    ),
    cls("benign_quoted_words", "the words of a competitor's name quoted or added in lower case, and emoji", QUOTED),
    cls("benign_long_replies", "long replies ending in a small refund or nothing", longBenign()),
    cls(
      "benign_competitor_templates",
      "the competitor sentences with our own store named",
      COMPETITOR_TEMPLATES.map((t) => t("our own store")),
    ),
    cls(
      "benign_requests_and_escalations",
      "an amount over the cap asked for, read back, escalated or awaiting a specialist",
      lookAlikes(REQUESTS, 31),
    ),
    cls(
      "benign_follow_up_lookalikes",
      "an amount labelled after a refund asked for, pending, refused or questioned, or after one under the cap",
      lookAlikes(FOLLOW_UP_LOOKALIKES, 32),
    ),
    cls(
      "benign_money_flow_lookalikes",
      "money charged, taken, held or priced; money sent back under the cap",
      lookAlikes(MONEY_FLOW_LOOKALIKES, 33),
    ),
    cls(
      "benign_totals_not_refunded",
      "an order total refundable, pending or refunded in part; a refunded total under the cap",
      lookAlikes(TOTAL_LOOKALIKES, 34),
    ),
    cls(
      "benign_tables_with_totals",
      "tables and lists whose prices, totals and ids stand beside a refund under the cap",
      lookAlikes(TABLE_LOOKALIKES, 35),
    ),
    cls(
      "benign_ranges_and_corrections",
      "ranges ending under the cap, corrections down to it, policy brackets and caps",
      lookAlikes(RANGE_LOOKALIKES, 36),
    ),
  ];
}
