import { describe, expect, it } from "vitest";
import { phoneNumberDetector } from "./phone-numbers";

describe("phone numbers", () => {
  it("finds E.164 numbers whatever the default region, normalised to E.164", () => {
    const [found] = phoneNumberDetector("US")("call me on +44 20 7946 0958 please");
    expect(found?.value).toBe("+44 20 7946 0958");
    expect(found?.normalized).toBe("+442079460958");
  });

  it("reads national forms in the default region only", () => {
    expect(phoneNumberDetector("US")("ring (415) 555-2671")[0]?.normalized).toBe("+14155552671");
    expect(phoneNumberDetector("GB")("ring 020 7946 0958")[0]?.normalized).toBe("+442079460958");
  });

  it("refuses numbers no numbering plan allows, and short numbers", () => {
    expect(phoneNumberDetector("US")("order 12345")).toEqual([]);
    expect(phoneNumberDetector("US")("(000) 000-0000")).toEqual([]);
  });

  it("reads only +country numbers for a region it does not know", () => {
    expect(phoneNumberDetector("QQ")("(415) 555-2671")).toEqual([]);
    expect(phoneNumberDetector("QQ")("+1 415 555 2671")).toHaveLength(1);
  });
});
