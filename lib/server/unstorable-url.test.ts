import { describe, expect, it } from "vitest";
import { findUnstorableUrlText, unstorableUrlResponse } from "./unstorable-url";

const at = (path: string) => findUnstorableUrlText(new URL(`http://focal.test${path}`));

describe("findUnstorableUrlText", () => {
  it("passes ordinary paths and queries, encoded UTF-8 included", () => {
    for (const path of [
      "/",
      "/api/v1/sessions/00000000-0000-4000-8000-000000000000",
      "/agents/refund-desk/traces?q=caf%C3%A9&outcome=answered",
      "/agents/%F0%9F%98%80",
      "/x?tab=a%09b",
    ]) {
      expect(at(path), path).toBeNull();
    }
  });

  it("a segment that is no UTF-8, or decodes to NUL or a lone surrogate → 404 naming it", () => {
    expect(at("/api/v1/sessions/%ED%A0%80")).toEqual({
      status: 404,
      issues: [{ path: "(url path)", message: 'the segment "%ED%A0%80" is not percent-encoded UTF-8 text' }],
    });
    expect(at("/api/v1/sessions/%FF")?.status).toBe(404);
    expect(at("/api/v1/sessions/%E0%A4%A")?.status).toBe(404);
    expect(at("/agents/a%00b/rules")?.issues[0]?.message).toMatch(/"a%00b" contains a NUL character/);
    expect(at("/agents/%1B/rules")?.issues[0]?.message).toMatch(/U\+001B/);
  });

  it("a query parameter with NUL or a control character → 400", () => {
    expect(at("/agents/refund-desk/traces?q=a%00b")).toEqual({
      status: 400,
      issues: [{ path: "(query) q", message: "contains a NUL character (U+0000), which cannot be stored" }],
    });
    expect(at("/loops?x%00=1")?.status).toBe(400);
  });
});

describe("unstorableUrlResponse", () => {
  it("answers API paths with the route wrapper's error body and pages with plain text", async () => {
    const api = new URL("http://focal.test/api/v1/sessions/%FF");
    const json = unstorableUrlResponse(api, { status: 404, issues: [{ path: "(url path)", message: "m" }] }, "r1");
    expect(json.status).toBe(404);
    expect(await json.json()).toEqual({
      error: { code: "NOT_FOUND", message: "No such resource.", request_id: "r1" },
      errors: [{ path: "(url path)", message: "m" }],
    });
    const page = unstorableUrlResponse(new URL("http://focal.test/agents/%FF"), { status: 404, issues: [] }, "r2");
    expect(page.headers.get("content-type")).toMatch(/^text\/plain/);
  });
});
