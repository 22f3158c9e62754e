import { describe, expect, it } from "vitest";
import { followUpDetail, MAX_DETAIL_LENGTH } from "./follow-up-detail";

const PROMISE = "a specialist will review the rest of order 123 within 2 business days";

describe("followUpDetail", () => {
  it("names the order and the amounts first, then the promise; lists and objects are left out", () => {
    const detail = followUpDetail({
      promise: PROMISE,
      profile: { country: "France", order_id: "123" },
      variables: { order_amount: 75, order_status: "delivered", orders: [{ id: "123" }] },
      stated: { refund_amount: [50], refund_amount_total: [50], competitor_mentioned: [false] },
    });
    expect(detail).toBe(
      `order_id 123 · order_amount 75 · order_status delivered · refund_amount 50 · country France · "${PROMISE}"`,
    );
  });

  it("keeps a masked value as the turn stores it, and drops long text", () => {
    const detail = followUpDetail({
      promise: PROMISE,
      profile: { email: "[EMAIL_1]", note: "x".repeat(41) },
      variables: {},
      stated: {},
    });
    expect(detail).toBe(`email [EMAIL_1] · "${PROMISE}"`);
  });

  it("stays within 500 characters and always keeps the promise", () => {
    const variables = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`order_field_${i}`, "x".repeat(30)]));
    const detail = followUpDetail({ promise: PROMISE, profile: {}, variables, stated: {} });
    expect(detail.length).toBeLessThanOrEqual(MAX_DETAIL_LENGTH);
    expect(detail.endsWith(`"${PROMISE}"`)).toBe(true);
  });
});
