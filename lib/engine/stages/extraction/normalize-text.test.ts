import { describe, expect, it } from "vitest";
import { CONFUSABLES } from "./confusables";
import {
  collapseSpacedLetters,
  normalizeForMatching,
  skeleton,
  stripDiacritics,
  stripInvisible,
} from "./normalize-text";

describe("stripInvisible", () => {
  it.each([
    ["zero-width space", "Quick\u200BCart"],
    ["zero-width non-joiner and joiner", "Qu\u200Cick\u200DCart"],
    ["LRM and RLM", "\u200EQuick\u200FCart"],
    ["word joiner and invisible operators", "Quick\u2060\u2061\u2062\u2063\u2064Cart"],
    ["BOM", "\uFEFFQuickCart"],
    ["soft hyphen", "Quick\u00ADCart"],
    ["Mongolian vowel separator", "Quick\u180ECart"],
    ["variation selectors", "Quick\uFE0F\u{E0100}Cart"],
    ["tag characters", "Quick\u{E0020}\u{E007F}Cart"],
    ["bidi override and isolate", "\u202EQuick\u2066Cart\u2069\u202C"],
  ])("removes %s", (_, text) => {
    expect(stripInvisible(text)).toBe("QuickCart");
  });

  it("keeps ordinary spaces and line breaks", () => {
    expect(stripInvisible("a b\nc\td")).toBe("a b\nc\td");
  });
});

describe("stripDiacritics", () => {
  it("drops accents and overlays but keeps the letters", () => {
    expect(stripDiacritics("QüíckCärt")).toBe("QuickCart");
    expect(stripDiacritics("Q\u0336u\u0336i\u0336c\u0336k\u0336")).toBe("Quick");
    expect(stripDiacritics("ёж")).toBe("еж");
  });

  it("leaves Hangul composed", () => {
    expect(stripDiacritics("한국")).toBe("한국");
  });
});

describe("skeleton", () => {
  it.each([
    ["Cyrillic", "\u0430\u0435\u043E\u0440\u0441\u0443\u0445\u0456\u0455\u0458\u0501\u051B\u051D", "aeopcyxisjdqw"],
    ["Greek", "\u03BF\u03B1\u03B5\u03BD\u03C1\u03C4\u03BA\u03B9", "oaevptki"],
    ["Cyrillic capitals", "\u0410\u0412\u0415\u041A\u041C\u041D\u041E\u0420\u0421\u0422\u0425", "ABEKMHOPCTX"],
    ["Armenian", "\u0585\u0578\u057D\u0570", "onuh"],
    ["Cherokee", "\u13AA\u13F4\u13DF\u13A0\u13AC", "ABCDE"],
    ["Latin small capitals", "\u1D00\u0299\u1D04\u1D05\u1D07", "abcde"],
    ["dotless i and stroke letters", "\u0131\u00F8\u0142\u0111", "iold"],
  ])("maps %s look-alikes to ASCII", (_, text, expected) => {
    expect(skeleton(text)).toBe(expected);
  });

  it("maps capital-I look-alikes to I, not TS #39's l", () => {
    expect(skeleton("\u0406\u0399\u04C0")).toBe("III");
  });

  it("keeps ASCII as it is: digits are not letters here", () => {
    const ascii = "0O1lI|m rn $75 QuickCart";
    expect(skeleton(ascii)).toBe(ascii);
  });

  it("leaves scripts without Latin look-alikes alone", () => {
    expect(skeleton("日本語 עברית")).toBe("日本語 עברית");
  });
});

describe("the confusables table", () => {
  it("has at least 300 entries, each a non-ASCII character NFKC and NFD leave alone, mapped to ASCII letters", () => {
    expect(CONFUSABLES.size).toBeGreaterThanOrEqual(300);
    for (const [from, to] of CONFUSABLES) {
      expect([...from]).toHaveLength(1);
      expect(from.codePointAt(0)).toBeGreaterThan(0x7f);
      expect(from.normalize("NFKC")).toBe(from);
      expect(from.normalize("NFD")).toBe(from);
      expect(to).toMatch(/^[A-Za-z]+$/);
    }
  });
});

describe("collapseSpacedLetters", () => {
  it.each([
    ["Q u i c k C a r t", "QuickCart"],
    ["Q-u-i-c-k-C-a-r-t", "QuickCart"],
    ["Q.u.i.c.k.C.a.r.t", "QuickCart"],
    ["Q_u_i_c_k", "Quick"],
    ["Q . u . i . c . k", "Quick"],
    ["Q.u-i_c.k", "Quick"],
    ["(q)(u)(i)(c)(k)", "(quick)"],
    ["Quick-C-a-r-t", "QuickCart"],
    ["Q-u-i-c-k-Cart", "QuickCart"],
    ["try Q u i c k C a r t today", "try QuickCart today"],
  ])("%s → %s", (text, expected) => {
    expect(collapseSpacedLetters(text)).toBe(expected);
  });

  it("reads a wider gap inside a spaced run as a word break", () => {
    expect(collapseSpacedLetters("Q u i c k   C a r t is")).toBe("Quick Cart is");
    expect(collapseSpacedLetters("Q.u.i.c.k C.a.r.t")).toBe("Quick Cart");
  });

  it("does not glue a whole word across a space", () => {
    expect(collapseSpacedLetters("Q u i c k Cart")).toBe("Quick Cart");
  });

  it("leaves ordinary text alone: one or two single letters are words", () => {
    for (const text of ["I have a pen", "Plan A or plan B", "U.S. orders", "a quick cart", "T-shirt", "e-mail"]) {
      expect(collapseSpacedLetters(text)).toBe(text);
    }
  });

  it("does not join digits", () => {
    expect(collapseSpacedLetters("1 2 3 4")).toBe("1 2 3 4");
  });
});

describe("normalizeForMatching", () => {
  it.each([
    ["Qu\u0456ckCart", "quickcart"],
    ["Quick\u200BCart", "quickcart"],
    ["ＱｕｉｃｋＣａｒｔ", "quickcart"],
    ["𝐌𝐞𝐠𝐚𝐌𝐚𝐫𝐭", "megamart"],
    ["ⓂⓔⓖⓐⓂⓐⓡⓣ", "megamart"],
    ["QüíckCärt", "quickcart"],
    ["Q u i c k C a r t", "quickcart"],
    ["Q\u200Bu\u200Bi\u200Bc\u200Bk", "quick"],
    ["\u039Cega\u039Cart", "megamart"],
    ["S\u0336h\u0336o\u0336p\u0336", "shop"],
  ])("%s → %s", (text, expected) => {
    expect(normalizeForMatching(text)).toBe(expected);
  });

  it("strips invisibles before collapsing, so a spaced run with zero-width characters still collapses", () => {
    expect(normalizeForMatching("Q \u200Bu \u200Bi \u200Bc \u200Bk")).toBe("quick");
  });

  it("maps look-alikes before case folding, so a capital look-alike folds like its ASCII letter", () => {
    expect(normalizeForMatching("\u0412\u0410\u0420")).toBe("bap");
  });

  it("turns odd spaces into plain ones (NFKC)", () => {
    expect(normalizeForMatching("stock\u00A0market")).toBe("stock market");
  });
});
