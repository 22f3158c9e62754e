import { wordSet } from "../../text/words";

// Numbers that look like a phone (or a card) and are not: a digit run inside an identifier with letters
// ("INV-2026-000123", "ORD-0049301234", "1Z999AA10123456784"), a run labelled as a reference ("order
// number 0049301234", "tracking 7749 1234 5678"), dates, times, amounts, IP addresses, postal codes,
// ISBNs and lists of years. Each check reads a bounded neighbourhood of the run (≤ 40 characters
// before it), so the phone scan stays linear.

const isLetter = (char: string | undefined): boolean => char !== undefined && /\p{L}/u.test(char);
const isAlnum = (char: string | undefined): boolean => char !== undefined && /[\p{L}\p{N}]/u.test(char);
/** What joins the parts of an identifier: "INV-2026", "SKU_4711", "AB/1234", "#1234". */
const JOINERS = new Set(["-", "_", "/", "\\", "#", "."]);

/**
 * Whether the run [start, end) is part of an identifier: a letter touches it, or a joiner ties it to
 * letters or digits ("INV-" before, "-B" after). "#" before a number always names a reference.
 */
export function insideIdentifier(text: string, start: number, end: number): boolean {
  const before = text[start - 1];
  if (isLetter(before) || before === "#") return true;
  if (before !== undefined && JOINERS.has(before) && before !== "." && isAlnum(text[start - 2])) return true;
  const after = text[end];
  if (isLetter(after)) return true;
  if (after === undefined || !JOINERS.has(after) || after === "." || !isAlnum(text[end + 1])) return false;
  return !PHONE_KINDS.has(/^\p{L}+/u.exec(text.slice(end + 1, end + 12))?.[0]?.toLowerCase() ?? "");
}

/** What a phone is labelled with after a dash: "788-063-Office", "07700 063 966-Fax". */
const PHONE_KINDS = wordSet("office fax home work mobile cell tel phone landline direct main private");

/** Words that name a reference number, never a phone: the run after one is an id. */
const REFERENCE_WORDS = wordSet(
  "order orders invoice inv bill ref reference tracking track parcel package shipment consignment awb sku item article art part product model serial sn imei ticket case claim booking reservation confirmation policy account acct iban customer client member membership loyalty transaction txn payment receipt voucher coupon code pin id isbn ean upc gtin batch lot po rma return refund contract quote quotation license licence passport ssn social security tax vat ein tin nino sin zip postcode postal cep plz",
);
/** Words that name a phone: the run after one is a phone whatever came before. */
const PHONE_WORDS = wordSet(
  "phone tel telephone mobile cell cellphone call ring fax whatsapp sms text reach dial landline handy telefon portable",
);
/** Words passed over on the way back to a label: "order number is", "my account no.". */
const PASSED_OVER = wordSet(
  "number no nr num n is was are my our your the a an his her their this that new old its at on to me us",
);
const LOOK_BACK = 40;

/**
 * What the nearest naming word before `start` (same line, or the line before when this one starts with
 * the run: "Phone:\n467 3395"; ≤ 40 characters) calls the run: a reference, a phone, or nothing.
 */
export function runLabel(text: string, start: number): "reference" | "phone" | null {
  const lines = text.slice(Math.max(0, start - LOOK_BACK), start).split("\n");
  const line = lines.at(-1)?.trim() === "" && lines.length > 1 ? (lines.at(-2) ?? "") : (lines.at(-1) ?? "");
  const words = line
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((word) => word.length > 0);
  for (let k = words.length - 1; k >= 0; k--) {
    const word = words[k] ?? "";
    if (PHONE_WORDS.has(word)) return "phone";
    if (REFERENCE_WORDS.has(word)) return "reference";
    if (!PASSED_OVER.has(word)) return null;
  }
  return null;
}

/** Currency signs and codes, and units, that make a number an amount or a quantity. */
const AMOUNT_BEFORE = /(?:[$€£¥₹₩₽]|\b(?:usd|eur|gbp|chf|jpy|inr|brl|cad|aud|sek|nok|dkk|pln|rs|r\$|kr))\s?$/i;
const AMOUNT_AFTER =
  /^\s?(?:[$€£¥₹₩₽%]|(?:usd|eur|gbp|chf|jpy|inr|brl|cad|aud|sek|nok|dkk|pln|kr|dollars?|euros?|pounds?|yen|rupees?|reais|francs?|kg|km|mb|gb|tb|units?|pcs|pieces|items|points|miles|people|copies)\b)/i;
/** A decimal part after the run: "1 250 000,50", "4 500.00". */
const DECIMAL_AFTER = /^[.,]\d{2}(?!\d)/;

/** Whether the run reads as an amount or a quantity from what stands beside it. */
export function besideAmount(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 6), start);
  const after = text.slice(end, end + 10);
  return AMOUNT_BEFORE.test(before) || AMOUNT_AFTER.test(after) || DECIMAL_AFTER.test(after);
}

const day = (n: number) => n >= 1 && n <= 31;
const month = (n: number) => n >= 1 && n <= 12;
const year = (n: number, digits: number) => digits === 4 && n >= 1900 && n <= 2099;

/** A date as its numeric groups: y-m-d, d.m.y or m/d/y with a four-digit year. */
function isDate(groups: readonly string[], separators: readonly string[]): boolean {
  if (groups.length !== 3 || separators[0] !== separators[1] || !/^[-./]$/.test(separators[0] ?? "")) return false;
  const [a, b, c] = groups.map(Number) as [number, number, number];
  const [la, , lc] = groups.map((g) => g.length) as [number, number, number];
  if (year(a, la)) return month(b) && day(c);
  return year(c, lc) && ((day(a) && month(b)) || (month(a) && day(b)));
}

/** A time range: "09.00-17.30", "9.30 - 11.45". */
const TIME_RANGE = /^\d{1,2}[.:h]\d{2}\s?[-–]\s?\d{1,2}[.:h]\d{2}$/;
/** A dotted IPv4 address. */
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
/** A US ZIP+4 code, a Brazilian CEP. */
const POSTAL_CODE = /^\d{5}-\d{3,4}$/;
/** The US Social Security number's shape (the national-id detector's, when `us_ssn` is on). */
const SSN_SHAPE = /^\d{3}([- ])\d{2}\1\d{4}$/;

function isbn13(digits: string): boolean {
  if (digits.length !== 13 || !/^97[89]/.test(digits)) return false;
  let sum = 0;
  for (let k = 0; k < 13; k++) sum += Number(digits[k]) * (k % 2 === 0 ? 1 : 3);
  return sum % 10 === 0;
}

/**
 * Whether a written run of digits and separators has a shape that is not a phone's: a date (possibly
 * followed by an hour), a time range, an IPv4 address, a postal code, an SSN, an ISBN, a list of years,
 * or an amount grouped in thousands after one lone digit ("1 250 000").
 */
export function notPhoneShape(segment: string): boolean {
  const groups = segment.match(/\d+/g) ?? [];
  const separators = segment.match(/[^\d]+/g) ?? [];
  const inner = segment.startsWith("(") ? separators.slice(1) : separators;
  if (isDate(groups.slice(0, 3), inner.slice(0, 2))) return true;
  if (TIME_RANGE.test(segment) || POSTAL_CODE.test(segment) || SSN_SHAPE.test(segment)) return true;
  const ip = IPV4.exec(segment);
  if (ip?.slice(1).every((part) => Number(part) <= 255)) return true;
  if (isbn13(groups.join(""))) return true;
  if (groups.length >= 2 && groups.every((g) => year(Number(g), g.length))) return true;
  return groups.length >= 3 && groups[0]?.length === 1 && groups.slice(1).every((g) => g.length === 3);
}

/**
 * Whether a run of two groups without a trunk 0 is the start of a street address: a capitalised word
 * follows on its line ("370 3911 Fourth Avenue", "675 62314 Mellemvej 32"), where a phone is followed by
 * punctuation, a line break or the sentence going on.
 */
export function streetNumber(text: string, start: number, end: number): boolean {
  const written = text.slice(start, end);
  if (!/^[1-9]\d*[ \u00a0]\d+$/.test(written)) return false;
  return /^[ \u00a0]\p{Lu}\p{L}/u.test(text.slice(end, end + 3));
}
