import { describe, expect, it } from "vitest";
import { encodeTraceCursor } from "@/db/queries/trace-cursor";
import { encodeLoopCursor } from "@/lib/loops/loop-filters";
import { badPageQueryPage, findBadPageQuery } from "./page-query";

const url = (path: string) => new URL(path, "http://focal.test");
const ID = "0b7e4c2a-1f6d-4c1b-9a7e-5d2f3c4b5a69";

describe("page query parameters", () => {
  it("refuses the cursors and sequence numbers that were 500s, naming each", () => {
    const impossibleDate = encodeTraceCursor({ createdAt: "2026-02-31 10:00:00.123456+00", id: ID });
    const cases: [string, string][] = [
      ["/ledger?before=99999999999999999999", "(query) before"],
      ["/ledger?before=-1", "(query) before"],
      ["/agents/refund-desk/history?before=1e9", "(query) before"],
      [`/agents/refund-desk/traces?cursor=${impossibleDate}`, "(query) cursor"],
      [`/loops?cursor=2026-01-01 00:00:00%2B00~${"-".repeat(36)}`, "(query) cursor"],
      ["/ledger?before=1&before=2", "(query) before"],
    ];
    for (const [path, name] of cases) {
      expect(findBadPageQuery(url(path)), path).toEqual([{ path: name, message: expect.any(String) }]);
    }
  });

  it("passes real cursors, empty values, other pages and the pages' own filters", () => {
    const trace = encodeTraceCursor({ createdAt: "2026-02-28 10:00:00.123456+00", id: ID });
    const loop = encodeURIComponent(encodeLoopCursor({ createdAt: "2026-02-28 10:00:00.123456+00", id: ID }));
    for (const path of [
      "/ledger?before=123&type=X",
      "/ledger?before=",
      "/agents/refund-desk/history?before=999999999999999",
      `/agents/refund-desk/traces?cursor=${trace}&q=refund`,
      `/loops?cursor=${loop}`,
      "/agents/refund-desk/rules?before=nonsense",
    ]) {
      expect(findBadPageQuery(url(path)), path).toEqual([]);
    }
  });
});

describe("the page a person sees for a bad link", () => {
  it("names the parameter and links to the same page without it", async () => {
    const link = url("/ledger?type=AGENT_CREATED&before=99999999999999999999");
    const response = badPageQueryPage(link, findBadPageQuery(link), "req-1");
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("<code>(query) before</code>");
    expect(html).toContain('href="/ledger?type=AGENT_CREATED"');
    expect(html).not.toContain("<script");
  });
});
