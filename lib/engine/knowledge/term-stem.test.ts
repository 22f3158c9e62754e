import { describe, expect, it } from "vitest";
import { stemTerm } from "./term-stem";
import { terms } from "./terms";

// Each row: the forms of one word a customer and a passage may use; they must meet on one term.
const SAME_TERM: readonly (readonly string[])[] = [
  ["take", "takes", "taking", "taken", "took"],
  ["ship", "ships", "shipping", "shipped"],
  ["return", "returns", "returned", "returning"],
  ["refund", "refunds", "refunded", "refunding"],
  ["price", "prices", "priced", "pricing"],
  ["arrive", "arrives", "arrived", "arriving"],
  ["use", "uses", "used", "using"],
  ["agree", "agrees", "agreed", "agreeing"],
  ["need", "needs", "needed", "needing"],
  ["exceed", "exceeds", "exceeded", "exceeding"],
  ["policy", "policies"],
  ["apply", "applies", "applied", "applying"],
  ["reply", "replies", "replied", "replying"],
  ["cancel", "cancels", "cancelled", "canceled", "cancelling", "cancellation"],
  ["install", "installs", "installed", "installing"],
  ["charge", "charges", "charged", "charging"],
  ["box", "boxes"],
  ["address", "addresses", "addressed"],
  ["stop", "stops", "stopped", "stopping"],
  ["bill", "bills", "billed", "billing"],
  ["pass", "passes", "passed", "passing"],
  ["change", "changes", "changed", "changing"],
  ["age", "aged", "aging"],
  ["order", "orders", "ordered", "ordering"],
  ["pay", "pays", "paid", "paying"],
  ["send", "sends", "sent", "sending"],
  ["buy", "buys", "bought", "buying"],
  ["go", "goes", "going"],
  ["quick", "quickly"],
  ["day", "days"],
];

// Words that must stay apart, or keep an ending that is part of the word.
const OWN_TERM: readonly [string, string][] = [
  ["status", "status"],
  ["business", "business"],
  ["free", "free"],
  ["speed", "speed"],
  ["bed", "bed"],
  ["thing", "thing"],
  ["station", "station"],
  ["only", "only"],
  ["small", "small"],
  ["1042", "1042"],
];

describe("stemTerm", () => {
  it.each(SAME_TERM.map((forms) => [forms.join(" / "), forms] as const))("%s meet on one term", (_, forms) => {
    const stems = forms.map(stemTerm);
    expect(new Set(stems).size, `${forms.map((f, i) => `${f}→${stems[i]}`).join(", ")}`).toBe(1);
  });

  it.each(OWN_TERM)("%s → %s", (word, term) => {
    expect(stemTerm(word)).toBe(term);
  });

  it("a question's terms meet the passage's: 'takes' finds 'take'", () => {
    expect(terms("How long does shipping take?")).toEqual(terms("How long does shipping takes?"));
    expect(terms("Standard shipping takes 3 days")).toContain(stemTerm("take"));
  });
});
