import { describe, expect, it } from "vitest";
import { MAX_PROMISE_LENGTH, promisedFollowUp } from "./promised-follow-up";

// Sentences written for this test, not taken from any corpus: replies that promise a person's
// follow-up, and near-misses that must not open one (questions, offers, negations, the past,
// conditions put to the customer, the agent acting itself, people who act now).

const PROMISES = [
  "A specialist will review the rest of order 123 within 2 business days.",
  "Our team will get back to you by tomorrow.",
  "A colleague will contact you about the missing parcel.",
  "Someone from our billing team will reach out within 24 hours.",
  "A manager will call you this afternoon.",
  "I'll have someone look into it today.",
  "We'll have a specialist check the serial number for you.",
  "A member of our staff will email you the return label.",
  "Our refunds team is going to review your claim this week.",
  "You'll hear back from our team within two working days.",
  "You will get a call from a specialist tomorrow morning.",
  "I'll ask our warehouse team to look into the delay.",
  "I will pass this to a specialist.",
  "We're going to have a supervisor follow up with you.",
  "A specialist'll be in touch shortly.",
  "Our support agents will also review the photos you sent.",
  "The finance department will process the remaining balance by Friday.",
  "I'll escalate this to our billing team right away.",
  "An expert will take a look at the device next week.",
  "A representative will let you know once the courier replies.",
  "Don't worry, a specialist will review it today.",
  "Thanks for waiting — someone from our team will be contacting you shortly.",
  "Our team shall review your request and respond by email.",
  "A specialist will need to check the warranty first.",
  "We will get a colleague to call you back.",
  "I’ll have a specialist review the damage photos.",
  "Your case is logged and an advisor will follow up on Monday.",
];

const NOT_PROMISES = [
  "Would you like a specialist to review it?",
  "Do you want me to ask our team?",
  "Would you like a specialist to review it.",
  "Shall I ask our team to look into it.",
  "No one will contact you about this.",
  "Nobody will call you, the refund is automatic.",
  "A specialist won't need to review this one.",
  "Our team will not contact you again.",
  "A specialist reviewed it yesterday.",
  "Our team has already checked your order.",
  "If you want, our team can review it.",
  "If you'd like, a specialist will review it.",
  "A specialist will review it if you send a photo.",
  "Should you need more help, our team will contact you.",
  "I'll review it myself right now.",
  "I will check the order status for you.",
  "We will refund $50 to your card today.",
  "I can refund $50 to your original payment method right away.",
  "Refunds over $50 are reviewed by a specialist.",
  "Can a specialist review it?",
  "Will a specialist look at it?",
  "It will arrive within 3 to 5 working days.",
  "Our team reviews every refund over $50.",
  "A specialist may contact you if needed.",
  "I'll send you the tracking link now.",
  "You'll receive your refund within 5 days.",
  "Let me know if you'd like our team to call you.",
  "The specialist said it will ship tomorrow.",
];

describe("promisedFollowUp", () => {
  it.each(PROMISES)("a promise: %s", (sentence) => {
    expect(promisedFollowUp(sentence)).not.toBeNull();
  });

  it.each(NOT_PROMISES)("no promise: %s", (sentence) => {
    expect(promisedFollowUp(sentence)).toBeNull();
  });

  it("returns the promising sentence of the demo's reply, without its end mark", () => {
    expect(
      promisedFollowUp(
        "I'm sorry for the trouble with this. I found order 123: $75.00, delivered. I can refund $50 to your original payment method right away; a specialist will review the rest of order 123 within 2 business days.",
      ),
    ).toBe("a specialist will review the rest of order 123 within 2 business days");
  });

  it("bounds a long sentence", () => {
    const long = `A specialist will review ${"the order and its items ".repeat(20)}soon.`;
    const promise = promisedFollowUp(long);
    expect(promise?.length).toBe(MAX_PROMISE_LENGTH);
    expect(promise?.endsWith("…")).toBe(true);
  });

  it("keeps the first promise of several, and reads nothing from an empty reply", () => {
    expect(promisedFollowUp("A manager will call you. Our team will also email you.")).toBe("A manager will call you");
    expect(promisedFollowUp("")).toBeNull();
  });
});
