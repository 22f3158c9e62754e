import { describe, expect, it } from "vitest";
import { nationalIdDetector } from "./national-ids";

const values = (shape: Parameters<typeof nationalIdDetector>[0], text: string) =>
  nationalIdDetector(shape)(text).map((m) => m.value);

describe("national id shapes", () => {
  it("US SSN: dashed or spaced, never area 000, 666 or 9xx, group 00 or serial 0000", () => {
    expect(values("us_ssn", "ssn 123-45-6789.")).toEqual(["123-45-6789"]);
    expect(values("us_ssn", "123 45 6789")).toEqual(["123 45 6789"]);
    expect(values("us_ssn", "000-12-3456 666-12-3456 912-12-3456 123-00-4567 123-45-0000")).toEqual([]);
    expect(values("us_ssn", "123-45 6789 or 1234-45-6789")).toEqual([]);
  });

  it("US SSN: nine digits together only right after SSN or social security number", () => {
    expect(values("us_ssn", "SSN: 460899847")).toEqual(["460899847"]);
    expect(values("us_ssn", "social security number 054286917")).toEqual(["054286917"]);
    expect(values("us_ssn", "order 460899847")).toEqual([]);
  });

  it("UK NINO: valid prefix letters and an A–D suffix", () => {
    expect(values("uk_nino", "nino AB 12 34 56 C")).toEqual(["AB 12 34 56 C"]);
    expect(values("uk_nino", "AB123456C")).toEqual(["AB123456C"]);
    expect(values("uk_nino", "GB 12 34 56 C")).toEqual([]);
    expect(values("uk_nino", "DA 12 34 56 C")).toEqual([]);
    expect(values("uk_nino", "AB 12 34 56 E")).toEqual([]);
  });

  it("CA SIN: Luhn-valid nine digits in threes", () => {
    expect(values("ca_sin", "sin 130 692 544")).toEqual(["130 692 544"]);
    expect(values("ca_sin", "130-692-544")).toEqual(["130-692-544"]);
    expect(values("ca_sin", "130 692 545 or 046 454 286 (0: never issued)")).toEqual([]);
  });
});
