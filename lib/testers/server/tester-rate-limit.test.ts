import { describe, expect, it } from "vitest";
import { TesterRateLimiter } from "./tester-rate-limit";

describe("TesterRateLimiter", () => {
  it("allows a burst of 30, then one test every 2 s, per operator", () => {
    const limiter = new TesterRateLimiter(30, 30);
    const t0 = 1_000_000;
    for (let i = 0; i < 30; i++) limiter.take("alice", t0);
    expect(() => limiter.take("alice", t0)).toThrow(
      expect.objectContaining({
        code: "RATE_LIMITED",
        message: "Too many tests: at most 30 a minute. Try again in 2 s.",
      }),
    );
    // Another operator has a bucket of their own.
    limiter.take("bob", t0);
    // 30 a minute refills one token every 2 s.
    expect(() => limiter.take("alice", t0 + 1_000)).toThrow(/Try again in 1 s/);
    limiter.take("alice", t0 + 2_000);
    expect(() => limiter.take("alice", t0 + 2_000)).toThrow(/RATE_LIMITED|Too many tests/);
  });

  it("is full again after a minute of rest, never fuller", () => {
    const limiter = new TesterRateLimiter(30, 30);
    for (let i = 0; i < 30; i++) limiter.take("alice", 0);
    for (let i = 0; i < 30; i++) limiter.take("alice", 10 * 60_000);
    expect(() => limiter.take("alice", 10 * 60_000)).toThrow(/Too many tests/);
  });
});
