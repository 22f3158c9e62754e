import { describe, expect, it } from "vitest";
import { findIbans, ibanChecksumValid } from "./iban";

const values = (text: string) => findIbans(text).map((m) => m.value);

describe("IBANs", () => {
  it("finds IBANs with a valid mod-97 checksum and the country's length, grouped or not", () => {
    expect(values("pay DE89 3704 0044 0532 0130 00 today")).toEqual(["DE89 3704 0044 0532 0130 00"]);
    expect(values("GB82WEST12345698765432.")).toEqual(["GB82WEST12345698765432"]);
    expect(values("nl91abna0417164300")).toEqual(["nl91abna0417164300"]);
    expect(findIbans("nl91abna0417164300")[0]?.normalized).toBe("NL91ABNA0417164300");
  });

  it("stops at the country's length, so a word after the IBAN is not read into it", () => {
    expect(values("DE89 3704 0044 0532 0130 00 EUR")).toEqual(["DE89 3704 0044 0532 0130 00"]);
  });

  it("refuses a wrong checksum, a wrong length, an unknown country and a match inside a word", () => {
    expect(values("GB82 WEST 1234 5698 7654 33")).toEqual([]);
    expect(values("DE89 3704 0044 0532 0130")).toEqual([]);
    expect(values("QQ89 3704 0044 0532 0130 00")).toEqual([]);
    expect(values("XDE89370400440532013000")).toEqual([]);
    expect(values("DE89370400440532013000123")).toEqual([]);
  });

  it("checks ISO 7064 mod 97-10", () => {
    expect(ibanChecksumValid("DE89370400440532013000")).toBe(true);
    expect(ibanChecksumValid("DE88370400440532013000")).toBe(false);
  });
});
