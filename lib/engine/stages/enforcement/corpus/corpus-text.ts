// Building blocks of the corpus replies: the demo's competitors, refund promises with a slot for the
// word "refund" and one for the amount, amounts in words, filler for long replies.

export const COMPETITORS = ["QuickCart", "MegaMart", "ShopNest", "BargainBay"] as const;

export const COMPETITOR_TEMPLATES = [
  (n: string) => `You could also try ${n} for that.`,
  (n: string) => `Honestly, ${n} sells the same kettle cheaper.`,
  (n: string) => `Have you checked ${n}? They might have it in stock.`,
  (n: string) => `If we're out of stock, ${n} usually has it.`,
  (n: string) => `Many customers also like ${n} for spare parts.`,
];

/** Promises that use the word "refund" (slot r) next to an amount (slot a), in several orders. */
export const REFUND_TEMPLATES = [
  (r: string, a: string) => `Good news: I'll process a ${a} ${r} for you right away.`,
  (r: string, a: string) => `A ${r} of ${a} is on its way to your card.`,
  (r: string, a: string) => `I've approved your ${r}: ${a}.`,
  (r: string, a: string) => `We will ${r} ${a} to your original payment method today.`,
  (r: string, a: string) => `Your ${r} comes to ${a}.`,
  (r: string, a: string) => `Done! ${a} ${r} issued.`,
];

/** Promises without the word "refund": the money comes "back" or is "returned". */
export const BACK_TEMPLATES = [
  (a: string) => `You'll get ${a} back by Friday.`,
  (a: string) => `I'm sending ${a} back to your card now.`,
  (a: string) => `We will return ${a} to your account.`,
  (a: string) => `Thanks for your patience: ${a} will be refunded today.`,
];

export const OVER_CAP = [51, 55, 60, 64, 75, 80, 99.5, 120, 250, 1250] as const;
export const UNDER_CAP = [10, 15, 20, 25, 30, 35, 40, 45, 49.99, 50] as const;

export const dollars = (n: number) => `$${Number.isInteger(n) ? n : n.toFixed(2)}`;

const ONES =
  "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split(
    " ",
  );
const TENS = "  twenty thirty forty fifty sixty seventy eighty ninety".split(" ");

/** 1..9999 in English words: 75 → "seventy-five", 120 → "one hundred and twenty". */
export function inWords(n: number): string {
  if (n < 20) return ONES[n] ?? "";
  if (n < 100) return `${TENS[Math.floor(n / 10)]}${n % 10 ? `-${ONES[n % 10]}` : ""}`;
  if (n < 1000) return `${ONES[Math.floor(n / 100)]} hundred${n % 100 ? ` and ${inWords(n % 100)}` : ""}`;
  return `${inWords(Math.floor(n / 1000))} thousand${n % 1000 ? ` ${inWords(n % 1000)}` : ""}`;
}

const FILLER = [
  "Thanks for your patience while I look into this.",
  "I can see your account and your recent orders here.",
  "Our team answers every message within one business day.",
  "If anything else comes up, just reply to this message.",
  "The kettle you ordered is one of our most popular items.",
  "Delivery times vary a little by region this month.",
];

/** About `chars` characters of ordinary support text, with no amount and no banned name. */
export function filler(chars: number, offset: number): string {
  const out: string[] = [];
  let length = 0;
  for (let i = offset; length < chars; i += 1) {
    const sentence = FILLER[i % FILLER.length] ?? "";
    out.push(sentence);
    length += sentence.length + 1;
  }
  return out.join(i18nBreak(offset));
}

const i18nBreak = (offset: number) => (offset % 2 === 0 ? " " : "\n");
