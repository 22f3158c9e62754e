import { describe, expect, it } from "vitest";
import { cpuMillis } from "@/test/support/cpu-time";
import { findEmailAddresses } from "./email-addresses";

const values = (text: string) => findEmailAddresses(text).map((m) => m.value);

describe("e-mail addresses", () => {
  it("finds addresses and leaves a sentence's full stop and brackets outside them", () => {
    expect(values("write to Jane.Doe+refunds@Example.co.uk.")).toEqual(["Jane.Doe+refunds@Example.co.uk"]);
    expect(values("(ops@acme.io) or sales@acme-corp.com")).toEqual(["ops@acme.io", "sales@acme-corp.com"]);
    expect(findEmailAddresses("Jane@Example.COM")[0]?.normalized).toBe("jane@example.com");
  });

  it("refuses an @ without a local part, a domain without a dot, and a one-letter top-level domain", () => {
    expect(values("@acme.io")).toEqual([]);
    expect(values("me@localhost")).toEqual([]);
    expect(values("me@acme.c")).toEqual([]);
    expect(values("prices @ 5.00")).toEqual([]);
  });

  it("stays linear on a long text with no address", () => {
    const text = `${"a".repeat(50_000)}@${"b".repeat(50_000)}`;
    let found: unknown;
    expect(cpuMillis(() => (found = values(text)))).toBeLessThan(50);
    expect(found).toEqual([]);
  });
});
