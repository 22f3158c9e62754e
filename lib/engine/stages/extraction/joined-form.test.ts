import { describe, expect, it } from "vitest";
import { atSoftBoundary, joinedReading, withoutWordBoundaries } from "./joined-form";
import { deleet } from "./leet";
import { stripMarkup } from "./strip-markup";

describe("joinedReading text", () => {
  it.each([
    ["Quick<b>Cart</b>", "QuickCart"],
    ["Quick**Cart**", "QuickCart"],
    ["Quick-\nCart", "QuickCart"],
    ["Qu1ckC4rt", "QuickCart"],
    ["$hopNest", "shopNest"],
    ["Quick&#67;art", "QuickCart"],
    ["visit\u200BQuickCart", "visitQuickCart"],
  ])("%j → %j", (text, expected) => {
    expect(joinedReading(text).text).toBe(expected);
  });
});

describe("joinedReading", () => {
  it("says when markup, a broken line or leetspeak changed the text, and whether it has humps", () => {
    expect(joinedReading("Try QuickCart.")).toMatchObject({ rejoined: false, humps: true });
    expect(joinedReading("try quick cart")).toMatchObject({ rejoined: false, humps: false });
    expect(joinedReading("Try Quick<b>Cart</b>")).toMatchObject({ rejoined: true });
    expect(joinedReading("Try Qu1ckC4rt")).toMatchObject({ rejoined: true });
  });
});

describe("withoutWordBoundaries", () => {
  it("drops \\b outside classes, keeps escapes, and says when there was none", () => {
    expect(withoutWordBoundaries("\\b(?:QuickCart|MegaMart)\\b")).toBe("(?:QuickCart|MegaMart)");
    expect(withoutWordBoundaries("a\\\\b\\bc")).toBe("a\\\\bc");
    expect(withoutWordBoundaries("QuickCart")).toBeNull();
  });
});

describe("atSoftBoundary", () => {
  it("accepts word boundaries and camelCase humps only", () => {
    const at = (text: string, word: string) =>
      atSoftBoundary(text, text.indexOf(word), text.indexOf(word) + word.length);
    expect(at("visitQuickCart now", "QuickCart")).toBe(true);
    expect(at("QuickCartDeals", "QuickCart")).toBe(true);
    expect(at("The MegaMartial arts", "MegaMart")).toBe(false);
    expect(at("NETFLIX", "ETF")).toBe(false);
    expect(at("xquickcart", "quickcart")).toBe(false);
  });
});

describe("deleet and stripMarkup", () => {
  it("leaves amounts and plain numbers alone", () => {
    expect(deleet("a $75 refund on order 123, Sh0pNest!")).toBe("a $75 refund on order 123, ShopNest!");
    expect(stripMarkup("<p>a</p>&amp;&#x24;5&bogus; **b**")).toBe("\na\n&$5&bogus; b");
  });
});
