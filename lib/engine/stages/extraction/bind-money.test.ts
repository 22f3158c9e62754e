import { describe, expect, it } from "vitest";
import { cpuMillis } from "@/test/support/cpu-time";
import type { EngineMoney } from "../../contracts/snapshot";
import { bindMoney } from "./bind-money";
import { moneyText } from "./extract-response-variables";
import { moneyTokens } from "./money-tokens";
import { normalizeForMatching } from "./normalize-text";

const refund: EngineMoney = {
  currency: "USD",
  contextWords: ["refund", "back", "store credit", "Rückerstattung", "reembolso"],
  rates: { EUR: 1.1 },
};
const bind = (text: string, money = refund) => bindMoney(moneyTokens(normalizeForMatching(moneyText(text))), money);
const amounts = (text: string) => bind(text).amounts.map((a) => a.amount);

describe("bindMoney", () => {
  it.each([
    ["I'll process a $75 refund for you.", [75]],
    ["A refund of $75 is on its way.", [75]],
    ["You'll get $75 back.", [75]],
    ["Refund:   $ 75", [75]],
    ["Refund —\n$75", [75]],
    ["Refund ($75) approved.", [75]],
    ["I'll refund it to your card for $75.", [75]],
    ["seventy-five dollars back", [75]],
    ["Your <b>refund</b>: <em>75,00 $</em>", [75]],
    ["Rückerstattung von 75 €", [82.5]],
    ["reembolso de 75 €", [82.5]],
    ["75 dollars in store credit", [75]],
    ["Your r3fund of $75", [75]],
    ["A r e f u n d of $75 is on its way.", [75]],
    ["<p>Refund</p><p>$75</p>", [75]],
    ["re<b>fund</b> of $<b>75</b>", [75]],
    ["Your re-\nfund of $75", [75]],
  ])("%j → %j", (text, expected) => {
    expect(amounts(text)).toEqual(expected);
  });

  it("binds the nearest amount, so a price next to a refund stays a price", () => {
    expect(amounts("$75 order total, refund $40")).toEqual([40]);
    expect(amounts("Your order total was $75; I've issued a $45 refund.")).toEqual([45]);
    expect(amounts("Order total: $75\nRefund: $40")).toEqual([40]);
  });

  it("binds nothing beyond the window or across a sentence end", () => {
    expect(amounts("The refund policy covers orders placed this month up to $75.")).toEqual([]);
    expect(amounts("Your refund is being processed. $75 is what you paid.")).toEqual([]);
  });

  it("counts every promise once per mention, and amounts joined to one by and/plus/another", () => {
    expect(amounts("$30 back now and another $30 refund next week")).toEqual([30, 30]);
    expect(amounts("A refund of $30 today and $30 next week.")).toEqual([30, 30]);
    expect(amounts("Refund $20 now + $35 later")).toEqual([20, 35]);
    expect(amounts("I can refund $30, $20 and $25 over three weeks.")).toEqual([30, 20, 25]);
    expect(amounts("Refund: $30 today, $30 tomorrow")).toEqual([30, 30]);
    expect(amounts("Refund… $75")).toEqual([75]);
    expect(amounts("You'll get $40 back today, and $40 more next week.")).toEqual([40, 40]);
    expect(amounts("I'll issue two refunds of $30 each.")).toEqual([30, 30]);
    expect(amounts("You'll get $30 back twice.")).toEqual([30, 30]);
    expect(amounts("A refund of $40 toward the $75 you paid.")).toEqual([40]);
    expect(amounts("A refund of $40 and the total $75")).toEqual([40]);
    expect(amounts("Refund: $40 ($75 order)")).toEqual([40]);
  });

  it("reads a negated promise as no promise, but not every negative word", () => {
    expect(amounts("We cannot offer a $75 refund.")).toEqual([]);
    expect(amounts("A $75 refund is not possible, but I can refund $40.")).toEqual([40]);
    expect(amounts("There's no $75 refund for this order.")).toEqual([]);
    expect(amounts("We won't be able to refund $75.")).toEqual([]);
    expect(amounts("Don't worry, your $75 refund is on its way.")).toEqual([75]);
    expect(amounts("I can't wait to send your $75 refund!")).toEqual([75]);
    expect(amounts("No problem: $75 back today.")).toEqual([75]);
  });

  it("converts other currencies by the variable's rates and leaves the rest unresolved", () => {
    expect(bind("A €100 refund and a ¥5000 refund.")).toMatchObject({
      amounts: [{ amount: 110, stated: 100, code: "EUR" }],
      unresolved: ["¥5000 (JPY, no rate to USD)"],
    });
    expect(bind("A 90 CHF refund.", { ...refund, rates: {} }).unresolved).toEqual(["90 chf (CHF, no rate to USD)"]);
  });
});

describe("bindMoney: amounts it is not sure of", () => {
  const uncertain = (text: string) => bind(text).uncertain.map((u) => `${u.text} ${u.why}`);

  it.each([
    ["About your refund. $75", '$75 near "refund" across a sentence stop'],
    ["Refund requested.\nAmount: $64.99", '$64.99 near "refund" across a sentence stop'],
    ["Your $80 order can be refunded.", '$80 read as a price or total, but "refunded" in its sentence may pay it back'],
    ["I've issued an $80 gift card.", '$80 beside "issued" but not bound to it'],
    ["Would $75 work for you?", "$75 with no limit, price or promise reading"],
  ])("%j: %s", (text, why) => {
    expect(uncertain(text)).toEqual([why]);
  });

  it.each([
    "Refunds are capped at $50 per order.",
    "Refunds over $50 go to a manager.",
    "Your order total was $75.",
    "I'll get back to you about the $75 order.",
    "The $75 item can be returned for a refund.",
    "Your order of $75 qualifies for a refund of $40.",
    "We cannot offer a $75 refund.",
    "I'll process a $40 refund.",
    "A specialist will review your $75 refund request.",
    "I can refund $20–$40 depending on the condition.",
    "| Model | Price |\n|---|---|\n| Deluxe | $75 |",
  ])("is sure of every amount in %j", (text) => {
    expect(bind(text).uncertain).toEqual([]);
  });
});

describe("bindMoney on hostile replies", () => {
  // Every reading walks a bounded number of tokens from an amount: a walk that counted words only
  // crossed a whole run of amounts, marks or table walls for each amount (20,000 amounts in a row:
  // about 27 s; bounded, under a second).
  it.each([
    ["amounts in a row", "$1 ".repeat(20_000)],
    ["amounts between marks", "$1 : ".repeat(20_000)],
    ["a table row of amounts", `| Refund | ${"$1 | ".repeat(20_000)}\n|---|---|\n${"| a | $2 |\n".repeat(2_000)}`],
  ])("stays linear: %s", (_, reply) => {
    expect(cpuMillis(() => bind(reply))).toBeLessThan(10_000);
  });
});
