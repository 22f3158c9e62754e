import { describe, expect, it } from "vitest";
import { findCardNumbers, luhnValid } from "./card-numbers";

const values = (text: string) => findCardNumbers(text).map((m) => m.value);

describe("card numbers", () => {
  it("finds Luhn-valid numbers of 13 to 19 digits, grouped by spaces or dashes or not at all", () => {
    expect(values("card 4111 1111 1111 1111, thanks")).toEqual(["4111 1111 1111 1111"]);
    expect(values("amex 3782-822463-10005")).toEqual(["3782-822463-10005"]);
    expect(values("4222222222222 is thirteen")).toEqual(["4222222222222"]);
    expect(values("six two: 6011 0009 9013 9424")).toEqual(["6011 0009 9013 9424"]);
  });

  it("normalises to the digits, so the same card written two ways is one value", () => {
    const [spaced] = findCardNumbers("4111 1111 1111 1111");
    const [dashed] = findCardNumbers("4111-1111-1111-1111");
    expect(spaced?.normalized).toBe("4111111111111111");
    expect(dashed?.normalized).toBe(spaced?.normalized);
  });

  it("refuses a wrong check digit, too few or too many digits, and digits inside a word", () => {
    expect(values("4111 1111 1111 1112")).toEqual([]);
    expect(values("order 123456789012")).toEqual([]);
    expect(values("41111111111111111111")).toEqual([]);
    expect(values("ref x4111111111111111")).toEqual([]);
    expect(values("4111  1111 1111 1111")).toEqual([]);
  });

  it("reads 12 digits as a card only with a Maestro IIN, and never a run after + or starting with 0", () => {
    expect(values("maestro 501864667909")).toEqual(["501864667909"]);
    expect(values("order 123456789012")).toEqual([]);
    expect(values("call +4111 1111 1111 1111")).toEqual([]);
    expect(values("0000 0000 0000 00")).toEqual([]);
  });

  it("finds a card inside a longer run of numbers, and two cards side by side", () => {
    expect(values("on 12 4111 1111 1111 1111")).toEqual(["4111 1111 1111 1111"]);
    expect(values("4111111111111111 and 5555555555554444")).toEqual(["4111111111111111", "5555555555554444"]);
  });

  it("computes Luhn like the standard's examples", () => {
    expect(luhnValid("79927398713")).toBe(true);
    expect(luhnValid("79927398710")).toBe(false);
  });
});
