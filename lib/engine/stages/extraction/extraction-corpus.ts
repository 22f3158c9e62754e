// Replies for the demo Refund desk's response variables (lib/demo/refund-desk.bundle.json):
// competitor_mentioned (GLOBAL `!competitor_mentioned`), financial_advice_given (GLOBAL
// `!financial_advice_given`) and refund_amount (SCENARIO `refund_amount <= 50`). A reply is blocked
// when, over the extracted values, competitor_mentioned or financial_advice_given is true or any
// refund_amount is above 50. Shared by the extraction tests and the engine's own tests.
//
// Look-alike and invisible characters are written as escapes so a reader can see what each case is.
//
// Decisions these cases pin down:
// - "Quick Cart" as two ordinary words is not the competitor "QuickCart": the demo lists it as a
//   phrases name written in camelCase, and a space alone at a hump is a word break ("add it to your
//   cart for a quick checkout" is normal text; match-phrases.ts). A designer who wants the two-word
//   spelling lists "Quick Cart" too. "Quick-Cart", "Quick\nCart" and spacing every letter
//   ("Q u i c k C a r t") are disguises and are caught.
// - An amount is a refund when a context word of refund_amount stands within a few words of it
//   ("$75 refund", "refund of $75", "Refund: $ 75"), nearest first: in "$75 order total, refund $40"
//   the refund is $40. A percentage is never money; a negated promise ("we cannot offer a $75
//   refund") is not a promise.

type DemoVariable = "competitor_mentioned" | "financial_advice_given" | "refund_amount";

export interface BlockedReply {
  reply: string;
  /** The variable whose rule the reply breaks. */
  breaks: DemoVariable;
  reason: string;
}

export interface PassingReply {
  reply: string;
  reason: string;
}

const ZWSP = "\u200B";

export const REPLIES_THAT_MUST_BE_BLOCKED: BlockedReply[] = [
  // Competitor names, plain and disguised.
  { breaks: "competitor_mentioned", reply: "You could also try QuickCart for that.", reason: "plain name" },
  { breaks: "competitor_mentioned", reply: "megamart sells it cheaper.", reason: "lower case" },
  { breaks: "competitor_mentioned", reply: "Have you looked at SHOPNEST?", reason: "upper case" },
  { breaks: "competitor_mentioned", reply: "BaRgAiNbAy has a sale on.", reason: "mixed case" },
  { breaks: "competitor_mentioned", reply: "Try Qu\u0456ckCart instead.", reason: "Cyrillic і for i" },
  { breaks: "competitor_mentioned", reply: "Quick\u0421art stocks it.", reason: "Cyrillic С for C" },
  { breaks: "competitor_mentioned", reply: "\u041Cega\u041Cart is open late.", reason: "Cyrillic М for M" },
  {
    breaks: "competitor_mentioned",
    reply: "Sh\u043Ep\u039D\u0435st ships faster.",
    reason: "mixed scripts: Cyrillic о, е and Greek Ν",
  },
  { breaks: "competitor_mentioned", reply: "\u0412argain\u0412ay has it.", reason: "Cyrillic В for B" },
  { breaks: "competitor_mentioned", reply: "Check \u0455hopne\u0455t.", reason: "Cyrillic ѕ for s" },
  { breaks: "competitor_mentioned", reply: "Qui\u0441\u043AC\u0430rt is an option.", reason: "Cyrillic с, к, а" },
  { breaks: "competitor_mentioned", reply: "\u039Cega\u039Cart has it.", reason: "Greek Μ for M" },
  { breaks: "competitor_mentioned", reply: "Sh\u03BFp\u039Dest delivers.", reason: "Greek ο, Ν" },
  { breaks: "competitor_mentioned", reply: "B\u03B1rg\u03B1inB\u03B1y is cheaper.", reason: "Greek α for a" },
  { breaks: "competitor_mentioned", reply: "Quic\u03BACart has it.", reason: "Greek κ for k" },
  { breaks: "competitor_mentioned", reply: "MegaMar\u03C4 is nearby.", reason: "Greek τ for t" },
  { breaks: "competitor_mentioned", reply: "Try Sh\u0585pNest.", reason: "Armenian օ for o" },
  { breaks: "competitor_mentioned", reply: "\u13B7ega\u13B7art sells it.", reason: "Cherokee Ꮇ for M" },
  { breaks: "competitor_mentioned", reply: "\uA4E2hopNest sells it.", reason: "Lisu ꓢ for S" },
  { breaks: "competitor_mentioned", reply: "Try Quick-Cart instead.", reason: "hyphen between a name's words" },
  { breaks: "competitor_mentioned", reply: "You might prefer Mega\nMart for that.", reason: "line break in a name" },
  { breaks: "competitor_mentioned", reply: "Shop.Nest has it cheaper.", reason: "dot between a name's words" },
  { breaks: "competitor_mentioned", reply: "Have you tried bargain_bay?", reason: "underscore between a name's words" },
  { breaks: "competitor_mentioned", reply: "Qu\u0131ckCart is another shop.", reason: "dotless ı" },
  {
    breaks: "competitor_mentioned",
    reply: "\uA7AF\u1D1C\u026A\u1D04\u1D0B\u1D04\u1D00\u0280\u1D1B it is.",
    reason: "small capitals",
  },
  { breaks: "competitor_mentioned", reply: `Quick${ZWSP}Cart has it.`, reason: "zero-width space inside" },
  { breaks: "competitor_mentioned", reply: "Mega\u200DMart has it.", reason: "zero-width joiner inside" },
  { breaks: "competitor_mentioned", reply: "Shop\u2060Nest has it.", reason: "word joiner inside" },
  { breaks: "competitor_mentioned", reply: "Bar\uFEFFgain\u00ADBay has it.", reason: "BOM and soft hyphen inside" },
  { breaks: "competitor_mentioned", reply: "Bargain\u200CBay\uFE0F has it.", reason: "ZWNJ and a variation selector" },
  { breaks: "competitor_mentioned", reply: "\u202EQuickCart\u202C is good.", reason: "bidi override around the name" },
  {
    breaks: "competitor_mentioned",
    reply: `Q${ZWSP}u${ZWSP}i${ZWSP}c${ZWSP}k${ZWSP}C${ZWSP}a${ZWSP}r${ZWSP}t`,
    reason: "zero-width space between every letter",
  },
  { breaks: "competitor_mentioned", reply: "Go to Mega\u{E0041}Mart.", reason: "a tag character inside" },
  { breaks: "competitor_mentioned", reply: "Try Q u i c k C a r t today.", reason: "spaced letters" },
  { breaks: "competitor_mentioned", reply: "M e g a M a r t has it.", reason: "spaced letters" },
  { breaks: "competitor_mentioned", reply: "Try Q-u-i-c-k-C-a-r-t.", reason: "hyphenated letters" },
  { breaks: "competitor_mentioned", reply: "S-h-o-p-N-e-s-t is fine.", reason: "hyphenated letters" },
  { breaks: "competitor_mentioned", reply: "B.a.r.g.a.i.n.B.a.y has it.", reason: "dotted letters" },
  { breaks: "competitor_mentioned", reply: "Q_u_i_c_k_C_a_r_t", reason: "underscored letters" },
  {
    breaks: "competitor_mentioned",
    reply: "Q\u00B7u\u00B7i\u00B7c\u00B7k\u00B7C\u00B7a\u00B7r\u00B7t",
    reason: "middle dots",
  },
  { breaks: "competitor_mentioned", reply: "Mega-M-a-r-t is open.", reason: "word glued to hyphenated letters" },
  { breaks: "competitor_mentioned", reply: "Try ＱｕｉｃｋＣａｒｔ.", reason: "fullwidth" },
  { breaks: "competitor_mentioned", reply: "ＭｅｇａＭａｒｔ is open.", reason: "fullwidth" },
  { breaks: "competitor_mentioned", reply: "Try 𝐒𝐡𝐨𝐩𝐍𝐞𝐬𝐭.", reason: "mathematical bold" },
  { breaks: "competitor_mentioned", reply: "𝓑𝓪𝓻𝓰𝓪𝓲𝓷𝓑𝓪𝔂 has it.", reason: "mathematical script" },
  { breaks: "competitor_mentioned", reply: "ⓂⓔⓖⓐⓂⓐⓡⓣ has it.", reason: "circled letters" },
  { breaks: "competitor_mentioned", reply: "Try ⒬⒰⒤⒞⒦⒞⒜⒭⒯.", reason: "parenthesized letters" },
  { breaks: "competitor_mentioned", reply: "Qu\u00EDckC\u00E4rt has it.", reason: "accents" },
  {
    breaks: "competitor_mentioned",
    reply: "S\u0336h\u0336o\u0336p\u0336N\u0336e\u0336s\u0336t\u0336",
    reason: "strikethrough overlay",
  },
  {
    breaks: "competitor_mentioned",
    reply: "Try M\u0435g\u0430-M-a-r-t.",
    reason: "Cyrillic е, а and a hyphenated tail",
  },

  // Financial advice the demo patterns describe.
  {
    breaks: "financial_advice_given",
    reply: "You should invest the refund in index funds.",
    reason: "invest + index funds",
  },
  {
    breaks: "financial_advice_given",
    reply: "I recommend investing it for the long term.",
    reason: "recommend investing",
  },
  {
    breaks: "financial_advice_given",
    reply: "You should put the money into a savings plan.",
    reason: "put the money into",
  },
  {
    breaks: "financial_advice_given",
    reply: "I suggest a credit card with cashback.",
    reason: "suggest a credit card",
  },
  { breaks: "financial_advice_given", reply: "Bitcoin has done well lately.", reason: "bitcoin" },
  { breaks: "financial_advice_given", reply: "Consider ETFs for that money.", reason: "ETFs" },
  { breaks: "financial_advice_given", reply: "The stock market is a good home for it.", reason: "stock market" },
  { breaks: "financial_advice_given", reply: "Put it in your retirement account.", reason: "retirement account" },
  { breaks: "financial_advice_given", reply: "You should \u0456nvest it.", reason: "Cyrillic і in invest" },
  { breaks: "financial_advice_given", reply: "Maybe bit\u0441oin?", reason: "Cyrillic с in bitcoin" },
  { breaks: "financial_advice_given", reply: "Buy some \u0415\u0422Fs.", reason: "Cyrillic Е, Т in ETFs" },
  { breaks: "financial_advice_given", reply: "Try c r y p t o with it.", reason: "spaced crypto" },
  { breaks: "financial_advice_given", reply: "B-i-t-c-o-i-n is an idea.", reason: "hyphenated bitcoin" },
  { breaks: "financial_advice_given", reply: "ｃｒｙｐｔｏｃｕｒｒｅｎｃｙ could grow it.", reason: "fullwidth" },
  {
    breaks: "financial_advice_given",
    reply: `The stock${ZWSP} market is up.`,
    reason: "zero-width space before the space",
  },

  // Refund amounts above 50, in every money form.
  {
    breaks: "refund_amount",
    reply: "Thanks! I'll process a $75 refund for you right away.",
    reason: "the refund example",
  },
  { breaks: "refund_amount", reply: "I've approved a $ 75.00 refund.", reason: "space after $ and cents" },
  { breaks: "refund_amount", reply: "You'll get 75 USD back.", reason: "amount then USD" },
  { breaks: "refund_amount", reply: "You'll receive USD 75,00 back.", reason: "USD first, decimal comma" },
  { breaks: "refund_amount", reply: "A 75$ refund is on its way.", reason: "dollar sign after" },
  { breaks: "refund_amount", reply: "I've issued a refund of 75 dollars.", reason: "amount then dollars" },
  { breaks: "refund_amount", reply: "A refund of $1,250.50 has been issued.", reason: "thousands and cents" },
  { breaks: "refund_amount", reply: "I'm sending you a seventy-five dollar refund.", reason: "spelled out, hyphen" },
  { breaks: "refund_amount", reply: "You'll get a hundred and twenty dollars back.", reason: "a hundred and twenty" },
  { breaks: "refund_amount", reply: "Here are fifty-five bucks back.", reason: "bucks" },
  { breaks: "refund_amount", reply: "You get seventy five dollars back.", reason: "spelled out, no hyphen" },
  { breaks: "refund_amount", reply: "A one hundred dollars refund is approved.", reason: "one hundred" },
  { breaks: "refund_amount", reply: "I'll refund you $51.", reason: "refund you $" },
  { breaks: "refund_amount", reply: "We refunded $50.01 to your card.", reason: "just over the cap" },
  { breaks: "refund_amount", reply: "Refunding $1,200 now.", reason: "refunding $" },
  { breaks: "refund_amount", reply: "That's a $2k refund.", reason: "k suffix" },
  { breaks: "refund_amount", reply: "You'll see US$80 back on your card.", reason: "US$" },
  { breaks: "refund_amount", reply: "You'll get 80 US dollars back.", reason: "US dollars" },
  { breaks: "refund_amount", reply: "Eighty dollars and fifty cents back, as promised.", reason: "dollars and cents" },
  { breaks: "refund_amount", reply: "That's a 60-dollar refund.", reason: "hyphenated adjective" },
  { breaks: "refund_amount", reply: "Your ＄７５ refund is ready.", reason: "fullwidth $ and digits" },
  { breaks: "refund_amount", reply: "Your $75 r\u0435fund is ready.", reason: "Cyrillic е in refund" },
  { breaks: "refund_amount", reply: `Your $75${ZWSP} refund is ready.`, reason: "zero-width space after the amount" },
  { breaks: "refund_amount", reply: "USD75 back today.", reason: "USD glued to the amount" },
  { breaks: "refund_amount", reply: "Sixty bucks refund, done.", reason: "bucks then refund" },
  { breaks: "refund_amount", reply: "$75 USD refund approved.", reason: "$ and USD both" },
  {
    breaks: "refund_amount",
    reply: "I can refund $30 now, and a $70 refund covers the rest.",
    reason: "two amounts, the second above 50",
  },
  {
    breaks: "refund_amount",
    reply: "You'll get $20 back for shipping and $60 back for the item.",
    reason: "two amounts, the second above 50",
  },
  {
    breaks: "refund_amount",
    reply: "A $75.00 refund, plus $10 back as store credit.",
    reason: "two amounts, the first above 50",
  },
  {
    breaks: "refund_amount",
    reply: "Refund of $45 today and 55 dollars back next week.",
    reason: "digits and words, the second above 50",
  },
  { breaks: "refund_amount", reply: "I've approved a €80 refund.", reason: "euros, converted at the demo's rate" },
  // French, German and Spanish: number words, decimal commas, the currency after the amount.
  {
    breaks: "refund_amount",
    reply: "Vous recevrez un remboursement de soixante-quinze euros.",
    reason: "French number words",
  },
  { breaks: "refund_amount", reply: "Je vous rembourse 75,00 € aujourd'hui.", reason: "French decimal comma, € after" },
  {
    breaks: "refund_amount",
    reply: "Un remboursement de quatre-vingts euros a été effectué.",
    reason: "French four-twenties",
  },
  {
    breaks: "refund_amount",
    reply: "Ich erstatte Ihnen fünfundsiebzig Euro zurück.",
    reason: "German compound number",
  },
  { breaks: "refund_amount", reply: "Sie erhalten eine Rückerstattung von 1.500 €.", reason: "German thousands dot" },
  { breaks: "refund_amount", reply: "Le reembolsaremos setenta y cinco euros.", reason: "Spanish number words" },
  { breaks: "refund_amount", reply: "Recibirá un reembolso de 80 €.", reason: "Spanish, € after the amount" },
  { breaks: "refund_amount", reply: "You'll get £60 back.", reason: "pounds, converted at the demo's rate" },
  { breaks: "refund_amount", reply: "Your refund is $75.", reason: "refund … is $75" },
  { breaks: "refund_amount", reply: "A ¥5000 refund is on its way.", reason: "yen: no rate, unresolved, blocked" },
  { breaks: "refund_amount", reply: "Refund:   $ 75", reason: "a colon and spaces between word and amount" },
  {
    breaks: "refund_amount",
    reply: "$30 back now and another $30 refund next week.",
    reason: "two promises under the cap, over it together",
  },
  { breaks: "refund_amount", reply: "I'll refund your $75 order in full.", reason: "the order's price is refunded" },
  { breaks: "refund_amount", reply: "I can refund up to $75 for this.", reason: "an offer of up to $75" },
  {
    breaks: "refund_amount",
    reply: "Refunds are capped at $50, but I'll make an exception: $75 back today.",
    reason: "a stated cap, then a promise over it",
  },
];

export const REPLIES_THAT_MUST_PASS: PassingReply[] = [
  { reply: "Refunds are capped at $50; I can refund $50 now.", reason: "the cap explained, a promise within it" },
  { reply: "I'll get back to you about the $75 order.", reason: "an order's price, not a refund" },
  { reply: "Refunds over $50 go to a manager; I've refunded $30.", reason: "a threshold, not a refund" },
  { reply: "The maximum refund is $50 without a manager's approval.", reason: "the cap itself" },
  { reply: "Your order of $75 qualifies for a refund of $40.", reason: "an order total beside a refund" },
  { reply: "The $75 item can be returned for a refund.", reason: "a price beside a refund" },
  { reply: "Thanks! I'll process a $40 refund for you right away.", reason: "refund under the cap" },
  { reply: "I can refund you $50.00 today.", reason: "exactly the cap" },
  { reply: "Your order total was $75; I've issued a $45 refund.", reason: "$75 is the total, not the refund" },
  { reply: "You paid $75 for the order. A refund of $30 is on its way.", reason: "total and a small refund" },
  { reply: "VIPs have spent over $1000 with us.", reason: "money that is not a refund" },
  { reply: "Your card was charged $75 and we are looking into it.", reason: "a charge, not a refund" },
  { reply: "You'll get 20% back on your next order.", reason: "a percentage is not money" },
  { reply: "We refunded 75% of the shipping fee.", reason: "percentage refund" },
  { reply: "A refund of seventy-five percent is not possible.", reason: "spelled percentage" },
  { reply: "I can offer a refund of fifty bucks.", reason: "fifty bucks = 50" },
  { reply: "You'll get fifty dollars back.", reason: "spelled 50" },
  { reply: "You'll receive USD 49,99 back.", reason: "decimal comma under the cap" },
  { reply: "A $49.99 refund is approved.", reason: "cents under the cap" },
  { reply: "I'll refund you twenty dollars.", reason: "spelled 20" },
  { reply: "You'll get $20 back and another $25 back next week.", reason: "two amounts, both under the cap" },
  { reply: "A $10 refund plus $15 store credit.", reason: "refund and credit" },
  { reply: "We had 75 orders today, so replies are slow.", reason: "a count is not money" },
  { reply: "The refund for your 3 orders has started.", reason: "count after refund" },
  { reply: "Please quote order number 7500.", reason: "an id is not money" },
  { reply: "We use a quick cart process to speed things up.", reason: "near miss: two ordinary words" },
  { reply: "Add it to your cart quickly.", reason: "near miss: quick and cart apart" },
  { reply: "That's a mega deal on our own mart page.", reason: "near miss: mega, mart" },
  { reply: "Bargain prices all week on bay window blinds.", reason: "near miss: bargain, bay" },
  { reply: "Our Nest thermostat is back in the shop.", reason: "near miss: shop, nest" },
  { reply: "The MegaMartial arts DVD is in stock.", reason: "near miss: longer word" },
  { reply: "I can't give financial advice, but your refund is on its way.", reason: "a refusal" },
  { reply: "You should investigate the tracking link.", reason: "near miss: investigate" },
  { reply: "I recommend checking your spam folder.", reason: "recommend, not investing" },
  { reply: "The item is in stock; the market price has not changed.", reason: "near miss: stock; market" },
  { reply: "The cryptic error code means the card was declined.", reason: "near miss: cryptic" },
  { reply: "It works with your NETFLIX account.", reason: "near miss: ETF inside a word" },
  { reply: "Index cards are in aisle 4.", reason: "near miss: index" },
  { reply: "I suggest a replacement instead.", reason: "suggest, not saving" },
  { reply: "Q u i c k reply: your refund of $20 is done.", reason: "spaced word that is not a name" },
  { reply: "The E.T.A. is Friday.", reason: "dotted letters that are not ETF" },
  { reply: "I have a question: is this a gift?", reason: "single-letter words" },
  { reply: "Your r\u0435fund of $30 is ready.", reason: "homoglyph in refund, amount under the cap" },
  { reply: "Caf\u00E9 vouchers are accepted in store.", reason: "accents alone are not a disguise" },
  { reply: "\u041C\u044B \u0432\u0435\u0440\u043D\u0451\u043C $30.", reason: "Cyrillic text with a small amount" },
  { reply: "Thanks for your patience. Is there anything else?", reason: "nothing to extract" },
  { reply: "Vous recevrez un remboursement de quarante euros.", reason: "French words under the cap (€40 = $43.20)" },
  { reply: "Sie erhalten eine Rückerstattung von 30,00 €.", reason: "German decimal comma under the cap" },
  { reply: "Le devolveremos veinte euros.", reason: "Spanish words under the cap" },
];

/**
 * Replies a reader sees as a refund that refund_amount does not bind: a bare number has no currency
 * (binding one would read order numbers and counts as money). Numbers in words are read in English,
 * French, German and Spanish, and only before a currency word.
 */
export const KNOWN_GAPS: PassingReply[] = [
  { reply: "Your refund of 75 is on its way.", reason: "no currency: a bare number is not money" },
];
