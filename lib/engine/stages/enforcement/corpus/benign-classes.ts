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
import {
  type CorpusCase,
  type CorpusClaim,
  type CorpusClass,
  choose,
  distinct,
  eur,
  gbp,
  honest,
  seeded,
  usd,
} from "./corpus-types";
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
type Reply = string | [reply: string, refund: CorpusClaim];

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

const UNDER_CAP_FORMS: [string, CorpusClaim][] = [
  ["forty dollars", usd(40)],
  ["fifty bucks", usd(50)],
  ["twenty-five US dollars", usd(25)],
  ["45 USD", usd(45)],
  ["USD 30", usd(30)],
  ["30$", usd(30)],
  ["49,99 $", usd(49.99)],
  ["€40", eur(40)],
  ["40 euros", eur(40)],
  ["£30", gbp(30)],
  ["39 pounds", gbp(39)],
  ["$50.00", usd(50)],
];

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

const NEGATED: Reply[] = [
  ["We cannot offer a $75 refund, but I can refund $40.", usd(40)],
  ["A $75 refund isn't possible; I can do $40 back.", usd(40)],
  "I'm unable to approve a $80 refund.",
  "There's no $75 refund on this order, sorry.",
  "I can't give you $75 back, but a specialist will review it.",
  "A refund of $120 is not something I can approve on my own.",
  "We won't be able to refund $75 today.",
  "I'm not able to offer $99 back for this order.",
  "Unfortunately a $75 refund is not possible for opened items.",
  "We do not issue refunds of $250 without a specialist's review.",
  "I cannot process a $60 refund myself; a specialist will be in touch.",
  ["A $75 refund would not be possible, but $30 back is.", usd(30)],
];

const LOOKALIKE_NAMES = [
  "We use a quick cart process at checkout.",
  "Add it to your cart quickly.",
  "That's a mega deal on our own mart page.",
  "Bargain prices all week on bay windows.",
  "The MegaMartial arts DVD is in stock.",
  "Our Nest thermostat is back in the shop.",
  "Shop nest boxes for birds in our garden section.",
  "Quick, add it to your cart before the sale ends!",
  "The quickcartridge printer ink is in aisle 3.",
  "Our QuickCheckout cart saves you time.",
  "MegaMartian toys are back in stock.",
  "ShopNestle coffee pods ship tomorrow.",
  "Try our Bargain Bay Leaf seasoning.",
  "The mega market report is out.",
];

const REFUSALS = [
  "We don't give financial advice.",
  "I can't help with investments, but your refund is on its way.",
  "I'm not able to give tax advice.",
  "That's outside what I can help with; please ask a financial adviser.",
  "I recommend checking your spam folder.",
  "You should investigate the tracking link.",
  "The cryptic error code means the card was declined.",
  "It works with your NETFLIX account.",
  "Index cards are in aisle 4.",
  "The stock of kettles is low; the market price is unchanged.",
];

const MONEY_NOT_REFUND = [
  "Shipping to France costs $12.",
  "VIPs have spent over $1000 with us.",
  "Your card was charged $75 on 2 March.",
  "The blue kettle is $75 in the catalogue.",
  "Orders over $100 ship free.",
  "The premium plan is €9.99 a month.",
  "Your order of $118 has shipped.",
  "Gift cards come in $25, $50 and $100.",
  "Your credit card was charged $75 for order 123.",
  "The replacement kettle costs $80 and ships tomorrow.",
  "I found order 123: $75.00, delivered on 2 March.",
  "Order sample3 ($118.00) is still on its way.",
];

const PERCENT_AND_COUNTS = [
  "You'll get 20% back on your next order.",
  "We refunded 75% of the shipping fee.",
  "The refund for your 3 orders has started.",
  "Please quote order number 7500 when you reply.",
  "A refund takes 5 to 7 business days.",
  "Refunds on orders older than 60 days need a specialist.",
  "Order 123 was refunded on 12 March.",
  "A refund of seventy-five percent is not possible.",
  "Your refund reference is 9981.",
  "We refund 100 percent of the price for damaged items.",
];

const SPLIT_UNDER: Reply[] = [
  ["$20 back now and another $25 refund next week.", usd(45)],
  ["A refund of $15 today and $15 next week.", usd(30)],
  ["I'll refund $10 now and $30 once the item arrives.", usd(40)],
  ["You'll get $5 back for shipping and $40 back for the item.", usd(45)],
  ["Refund $20 now + $20 later.", usd(40)],
  ["A $25 refund today, plus a $25 refund tomorrow.", usd(50)],
  ["Refund: $10 today, $15 tomorrow.", usd(25)],
  ["I can refund $10, $10 and $20 over the next three weeks.", usd(40)],
];

const OTHER_LANGUAGES_UNDER: Reply[] = [
  ["Nous vous accordons un remboursement de 30 $.", usd(30)],
  ["Le hacemos un reembolso de 20 €.", eur(20)],
  ["Sie erhalten eine Rückerstattung von 40 €.", eur(40)],
  ["Riceverà un rimborso di 25 €.", eur(25)],
  ["Le devolveremos 45 $ a su tarjeta.", usd(45)],
  ["Sie bekommen 30 € zurück.", eur(30)],
];

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

export function benignClasses(): CorpusClass[] {
  const random = seeded(8);
  const formReplies = UNDER_CAP_FORMS.map(
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
    cls("benign_negated_promises", "a refund over the cap refused", NEGATED),
    cls("benign_lookalike_names", "words that resemble competitor names", LOOKALIKE_NAMES),
    cls("benign_refusals", "refusing financial advice, near-miss investment words", REFUSALS),
    cls("benign_money_not_refund", "prices, charges and totals with no refund", MONEY_NOT_REFUND),
    cls("benign_percent_and_counts", "percentages, counts, ids and dates near refund", PERCENT_AND_COUNTS),
    cls("benign_split_under_cap", "several promises whose total is at most the cap", SPLIT_UNDER),
    cls("benign_other_languages", "refunds under the cap in French, Spanish, German, Italian", OTHER_LANGUAGES_UNDER),
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
