import { describe, expect, it, vi } from "vitest";
import { formatDuration, type JobListRow, parseJobSearch } from "@/lib/jobs/job-list";
import { expectShown, renderHtml } from "@/test/support/static-render";
import { JobsPage } from "./jobs-page";

// The filter form applies filters through the router and follows the URL; a static render has neither.
vi.mock("next/navigation", () => ({
  useRouter: () => ({ replace: () => {} }),
  useSearchParams: () => new URLSearchParams(),
}));

const failed: JobListRow = {
  id: "0b7c1c9e-0000-4000-8000-000000000001",
  kind: "test_run",
  agentKey: "refund-desk",
  status: "failed",
  retries: 1,
  progress: { done: 3, total: 13 },
  error: "The job failed (PostgresError 40P01); see the server log.",
  createdBy: "admin@focal.test",
  createdAt: "2026-11-26T10:00:00.000Z",
  startedAt: "2026-11-26T10:00:01.000Z",
  finishedAt: "2026-11-26T10:00:05.200Z",
  durationMs: 4200,
};

describe("the admin Jobs page", () => {
  it("shows kind, agent, state with retries, times, duration and the error", () => {
    const html = renderHtml(JobsPage, { jobs: [failed], kinds: ["replay", "test_run"], limit: 100, search: {} });
    expectShown(html, [
      "Test run",
      "refund-desk",
      "retried 1 time",
      "3 / 13",
      "4.2 s",
      "2026-11-26 10:00:00",
      ">10:00:05<",
      "PostgresError 40P01",
    ]);
  });

  it("says how to get the first job, and how to widen filters that match none", () => {
    const empty = renderHtml(JobsPage, { jobs: [], kinds: [], limit: 100, search: {} });
    expect(empty).toContain("No jobs yet");
    const none = renderHtml(JobsPage, { jobs: [], kinds: [], limit: 100, search: { state: "failed" } });
    expect(none).toContain("No job matches these filters");
  });

  it("sums up each periodic job once, with how often, its last run and the next one due", () => {
    const html = renderHtml(JobsPage, {
      jobs: [],
      periodic: [
        {
          kind: "ledger.anchor",
          everyMs: 60_000,
          last: { status: "done", createdAt: "2026-11-26T10:00:00.000Z", error: null },
          nextAt: "2026-11-26T10:01:00.000Z",
          runs: 1440,
        },
        { kind: "retention.apply", everyMs: 86_400_000, last: null, nextAt: null, runs: 0 },
      ],
      kinds: [],
      limit: 100,
      search: {},
    });
    expectShown(html, [
      "Ledger anchor",
      "every minute",
      "2026-11-26 10:01:00",
      "1440 runs kept",
      "every day",
      "not yet",
    ]);
  });

  it("parses URL filters, ignoring values that do not parse", () => {
    expect(parseJobSearch({ state: "retried", kind: "replay" })).toMatchObject({ state: "retried", kind: "replay" });
    expect(parseJobSearch({ state: "bogus" })).toEqual({ state: undefined, kind: undefined, periodic: undefined });
    expect(parseJobSearch({ periodic: "shown" }).periodic).toBe("shown");
    expect(formatDuration(null)).toBe("—");
    expect(formatDuration(185_000)).toBe("3 min 5 s");
  });
});
