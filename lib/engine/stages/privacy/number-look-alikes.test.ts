import { describe, expect, it } from "vitest";
import { PrivacySettings } from "../../contracts/privacy-settings";
import { maskPii } from "./mask-pii";

// Numbers customers write that are not personal data: they reach the model as written.
const defaults = PrivacySettings.config.parse({});
const masked = (text: string) => maskPii(text, defaults).text;

describe("look-alikes stay intact", () => {
  it.each([
    // order, invoice and reference numbers: an identifier with letters, a label, or "#"
    "Invoice INV-2026-000123 is wrong",
    "my order ORD-0049301234 never came",
    "order number 0049301234 please",
    "order #12345678 arrived broken",
    "invoice no. 2026 000 123 is a duplicate",
    "reference 0490 75 40 81 on the letter",
    "booking ref: 03.93.92.16.85",
    "account 4155552671 was charged",
    "my driver's license number is 2270-66-1551",
    // SKUs and tracking numbers
    "SKU 12-3456-789 is out of stock",
    "item SKU-4711-0815-22 is missing",
    "tracking 1Z999AA10123456784",
    "tracking number 7749 1234 5678",
    "USPS says 9400 1000 0000 0000 0000 00 was delivered",
    "parcel JJD0001234567890 is late",
    "ISBN 978-3-16-148410-0",
    "the book 978-3-16-148410-0 came torn",
    // dates and times
    "delivered on 2026-01-15 at 10:30",
    "since 15.01.2026 nothing",
    "on 01/15/2026 and 12/05/2025",
    "at 2015-12-22 04:13 the app crashed",
    "open 09.00-17.30 on weekdays",
    "in 2019 2020 2021 the price rose",
    // amounts and quantities
    "I paid €1.250.000 for the house",
    "a loan of 1 250 000 EUR",
    "it costs 4 500 000 USD",
    "$ 1 250 000.00 was wired",
    "we ordered 1 200 500 units",
    // addresses, postal codes, IPs
    "ship to 370 3911 Fourth Avenue",
    "ZIP 90210-1234",
    "CEP 75534-030",
    "server 192.168.100.200 is down",
  ])("leaves %j as written", (text) => {
    expect(masked(text)).toBe(text);
  });

  it("still masks the phone beside a look-alike", () => {
    expect(masked("Invoice INV-2026-000123: call 0049 30 901820")).toBe("Invoice INV-2026-000123: call [PHONE_1]");
    expect(masked("order 55821, phone 01.84.17.61.18")).toBe("order 55821, phone [PHONE_1]");
  });
});
