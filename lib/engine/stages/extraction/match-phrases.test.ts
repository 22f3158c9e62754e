import { describe, expect, it } from "vitest";
import { cpuMillis } from "@/test/support/cpu-time";
import type { EngineResponseVariable } from "../../contracts/snapshot";
import { extractResponseVariables } from "./extract-response-variables";
import { foldKeepingCase, matchPhrases, wordsOfName } from "./match-phrases";

const NAMES = ["Acme Retail", "QuickCart", "MegaMart", "ShopNest", "BargainBay"];
const competitor: EngineResponseVariable[] = [
  { name: "competitor_mentioned", type: "phrases", description: "", patterns: [], phrases: NAMES },
];
const named = (reply: string) => extractResponseVariables(reply, competitor).values.competitor_mentioned?.[0];
const spans = (reply: string) =>
  extractResponseVariables(reply, competitor).matches.map((m) => [m.phrase?.name, m.phrase?.span]);

/** Replies and whether the phrases variable finds a listed name in them, by what the reply does to the name. */
const NAMED_OR_NOT: { about: string; named: boolean; replies: string[] }[] = [
  {
    about: "catch the names from outside the corpus, whatever separates their words",
    named: true,
    replies: [
      "Try AcmeRetail instead.",
      "Acme-Retail has it cheaper.",
      "Try Acme  Retail instead.",
      "You might prefer Acme\nRetail for that.",
      "Try Acme Retail instead.",
      "try acme_retail.com",
      "Acme.Retail sells it",
      "Acme / Retail sells it",
      "Acme\\Retail sells it",
      "Acme\u2014Retail sells it",
      "Acme \r\n Retail sells it",
      "ACME RETAIL sells it",
    ],
  },
  {
    about: "catch a camelCase name joined, hyphenated, dotted or over a line break, in any case",
    named: true,
    replies: [
      "Try QuickCart.",
      "Try quickcart.",
      "Try QUICKCART.",
      "Try Quick-Cart.",
      "Try quick.cart.",
      "Try Quick_Cart.",
      "Try Quick/Cart.",
      "Try Quick -\n Cart.",
      "Try Quick\nCart.",
      "visitQuickCart today",
      "QuickCartDeals are on",
      "QuickCart's prices",
      "(QuickCart)",
      '"ShopNest"',
    ],
  },
  {
    about: "catch disguised names: look-alikes, zero-width characters, fullwidth, spaced letters, leetspeak, markup",
    named: true,
    replies: [
      "Try Qu\u0456ckCart.",
      "Try Quick\u200BCart.",
      "Try \uFF31\uFF55\uFF49\uFF43\uFF4B\uFF23\uFF41\uFF52\uFF54.",
      "Try Q u i c k C a r t.",
      "Try Qu1ckC4rt.",
      "Try Quick<b>Cart</b>.",
      "Try $hopNest.",
      "Try Acme<br>Retail.",
    ],
  },
  {
    about: "catch emoji and ¡ inside a name, its parts quoted or added, and the name in the plural",
    named: true,
    replies: [
      "Try Q🛒uickCart.",
      "Try Mega🛍️Mart.",
      "Try Qu¡ckCart.",
      "Try 'Shop' + 'Nest'.",
      'Try "Bargain" "Bay".',
      "Both QuickCarts are open.",
      "Two MEGAMARTS stock it.",
    ],
  },
  {
    about: "read quoted or added lower-case words as words, and leave emoji between words alone",
    named: false,
    replies: ["a 'quick' cart ride", "the quick + cart option", "a mega 🛒 mart", "QuickCartridges"],
  },
  {
    about: "need a boundary at both ends, so benign neighbours pass",
    named: false,
    replies: [
      "Acme, our own brand, is in stock.",
      "Acme retailers often stock it.",
      "acmeretailer",
      "The MegaMartial arts DVD is in stock.",
      "ShopNestle coffee pods ship tomorrow.",
      "The quickcartridge printer ink is in aisle 3.",
      "Our QuickCheckout cart saves you time.",
      "MegaMartian toys are back in stock.",
      "visitquickcart is one word",
      "QuickCart2 is a different word",
    ],
  },
  {
    about: "read spaces alone between camelCase words as the name when both words start with a capital",
    named: true,
    replies: [
      "Try Quick Cart instead.",
      "Try Quick  Cart instead.",
      "Try Quick\tCart instead.",
      "Try Quick\u00A0Cart instead.",
      "Mega Mart usually has it in stock.",
      'That lid is also stocked by "Mega Mart".',
      "Have you looked at Bargain Bay?",
      "You'll find it at Quick Cart's website.",
      "QUICK CART has it.",
      "See Shop Nest (online).",
    ],
  },
  {
    about: "read spaces alone between camelCase words as two ordinary words when either is lower case",
    named: false,
    replies: [
      "We use a quick cart process at checkout.",
      "Quick cart checkout is on for every order.",
      "Add it to your cart: quick Cart tips are below.",
      "Shop nest boxes for birds in our garden section.",
      "Try our bargain bay leaf seasoning.",
      "That's a mega deal on our own mart page.",
      "Our Mega mart-style bundle ships today.",
    ],
  },
];

describe("wordsOfName", () => {
  it("splits a name on separators and on camelCase humps", () => {
    expect(wordsOfName("Acme Retail")).toEqual({ words: ["acme", "retail"], joints: ["separator"] });
    expect(wordsOfName("QuickCart")).toEqual({ words: ["quick", "cart"], joints: ["hump"] });
    expect(wordsOfName("ACMERetail")).toEqual({ words: ["acme", "retail"], joints: ["hump"] });
    expect(wordsOfName("Shop-Nest.com")).toEqual({
      words: ["shop", "nest", "com"],
      joints: ["separator", "separator"],
    });
  });
});

describe("phrases variables", () => {
  it.each(NAMED_OR_NOT)("$about", ({ named: expected, replies }) => {
    for (const reply of replies) expect(named(reply), reply).toBe(expected);
  });

  it("record which listed name matched and the folded span", () => {
    expect(spans("Try Acme  Retail or Quick-\nCart.")).toEqual([
      ["Acme Retail", "acme  retail"],
      ["QuickCart", "quick-\ncart"],
    ]);
    expect(spans("Try Qu\u0456ckCart")).toEqual([["QuickCart", "quickcart"]]);
  });

  it("is false, not unresolved, when no name is there; a pattern still adds to the names", () => {
    expect(named("Your refund is on its way.")).toBe(false);
    const both: EngineResponseVariable[] = [
      { name: "rival", type: "phrases", description: "", patterns: ["\\bthe other shop\\b"], phrases: ["MegaMart"] },
    ];
    expect(extractResponseVariables("Ask the other shop.", both).values.rival).toEqual([true]);
  });

  it("handles single-character and digit names with boundaries", () => {
    const folded = (text: string, names: string[]) => matchPhrases(foldKeepingCase(text), names, 5).length;
    expect(folded("Try X now", ["X"])).toBe(1);
    expect(folded("Try aXb now", ["X"])).toBe(0);
    expect(folded("Try 7-Eleven", ["7 Eleven"])).toBe(1);
    expect(folded("Try 17-Eleven", ["7 Eleven"])).toBe(0);
    expect(folded("Ask AT&T or Macy's", ["AT&T"])).toBe(1);
    expect(folded("Ask AT T", ["AT&T"])).toBe(0);
  });

  it("runs in linear time over long, hostile replies with 500 names", () => {
    const names = Array.from({ length: 500 }, (_, i) => `Brand${i} Outlet Store`);
    const hostile = `${"brand1 outlet ".repeat(2000)}${"-".repeat(20_000)}${"a".repeat(20_000)}`;
    let matched: unknown;
    // A backtracking matcher takes minutes here.
    expect(cpuMillis(() => (matched = matchPhrases(foldKeepingCase(hostile), names, 20)))).toBeLessThan(5_000);
    expect(matched).toEqual([]);
  });
});
