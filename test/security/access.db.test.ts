import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { roleAtLeast } from "@/lib/identity/roles";
import { concretePath, enumerateActions, enumerateRoutes } from "../support/enumerate-endpoints";
import { addOperator, signIn, startTestApp, tableCounts } from "../support/focal-test-app";
import { browserHeaders, HOST, ORIGIN, requestState } from "../support/request-headers";

// Public by design: the health probe, better-auth's own sign-in/sign-out endpoints, and the JSON 404 for unknown /api paths.
const PUBLIC_ROUTES = new Set(["/api/health", "/api/auth/[...all]", "/api/v1/openapi.json", "/api/[...path]"]);

let handle: DatabaseHandle;
let viewerCookie: string;

beforeAll(async () => {
  handle = await startTestApp();
  const viewer = await addOperator(handle, "viewer@focal.test", "viewer");
  viewerCookie = await signIn(viewer.email, viewer.password);
});
afterAll(async () => {
  await handle?.close();
});

describe("server actions", () => {
  it("every export under lib/actions goes through defineAction", async () => {
    const { actions, unwrapped } = await enumerateActions();
    expect(unwrapped).toEqual([]);
    expect(actions.length).toBeGreaterThanOrEqual(6);
  });

  it("refuse anonymous callers and write nothing", async () => {
    const { actions } = await enumerateActions();
    const before = await tableCounts(handle);
    for (const action of actions) {
      requestState.headers = browserHeaders();
      const result = await action.call({});
      expect(result, `${action.file}#${action.exportName}`).toMatchObject({ ok: false, code: "UNAUTHENTICATED" });
    }
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("refuse requests with no Origin or a foreign Origin, even with a session", async () => {
    const { actions } = await enumerateActions();
    for (const action of actions) {
      requestState.headers = new Headers({ host: HOST, cookie: viewerCookie });
      expect(await action.call({}), `${action.exportName} without Origin`).toMatchObject({
        ok: false,
        code: "FORBIDDEN",
      });
      requestState.headers = new Headers({ host: HOST, origin: "http://evil.test", cookie: viewerCookie });
      expect(await action.call({}), `${action.exportName} cross-origin`).toMatchObject({
        ok: false,
        code: "FORBIDDEN",
      });
    }
  });

  it("refuse a viewer every action that needs a higher role, writing nothing", async () => {
    const { actions } = await enumerateActions();
    const guarded = actions.filter((a) => !roleAtLeast("viewer", a.meta.role));
    expect(guarded.length).toBeGreaterThan(0);
    const before = await tableCounts(handle);
    for (const action of guarded) {
      requestState.headers = browserHeaders({ cookie: viewerCookie });
      const result = await action.call({
        name: "x",
        email: "x@y.z",
        role: "admin",
        password: "p".repeat(20),
        scopes: ["admin"],
      });
      expect(result, `${action.file}#${action.exportName}`).toMatchObject({ ok: false, code: "FORBIDDEN" });
    }
    expect(await tableCounts(handle)).toEqual(before);
  });
});

describe("route handlers", () => {
  it("every non-public route goes through defineRoute", async () => {
    const routes = await enumerateRoutes();
    const unwrapped = routes
      .filter((r) => !r.meta && !PUBLIC_ROUTES.has(r.urlPath))
      .map((r) => `${r.method} ${r.file}`);
    expect(unwrapped).toEqual([]);
    expect(routes.filter((r) => r.meta).length).toBeGreaterThanOrEqual(3);
  });

  it("refuse anonymous and bad-key callers with 401 and write nothing", async () => {
    const routes = (await enumerateRoutes()).filter((r) => r.meta);
    const before = await tableCounts(handle);
    for (const route of routes) {
      const { url, params } = concretePath(route.urlPath);
      for (const authorization of [undefined, "Bearer fk_notarealkeyatallnotarealkey", "Basic abc"]) {
        const headers: Record<string, string> = { host: HOST, origin: ORIGIN, "content-type": "application/json" };
        if (authorization) headers.authorization = authorization;
        const request = new Request(`${ORIGIN}${url}`, {
          method: route.method,
          headers,
          body: route.method === "GET" ? undefined : JSON.stringify({ focal_bundle: 1 }),
        });
        const response = await route.handler(request, { params: Promise.resolve(params) });
        expect(response.status, `${route.method} ${route.urlPath} with ${authorization ?? "no auth"}`).toBe(401);
      }
    }
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("refuse a viewer session on every route whose scope needs a higher role", async () => {
    const routes = (await enumerateRoutes()).filter(
      (r) =>
        r.meta &&
        ((r.meta.sessionRole !== undefined && r.meta.sessionRole !== "viewer") ||
          (r.meta.scope !== "agents:read" && !r.meta.scope.endsWith(":read"))),
    );
    const before = await tableCounts(handle);
    for (const route of routes) {
      const { url, params } = concretePath(route.urlPath);
      const request = new Request(`${ORIGIN}${url}`, {
        method: route.method,
        headers: { host: HOST, origin: ORIGIN, cookie: viewerCookie, "content-type": "application/json" },
        body: route.method === "GET" ? undefined : JSON.stringify({ focal_bundle: 1 }),
      });
      const response = await route.handler(request, { params: Promise.resolve(params) });
      expect(response.status, `${route.method} ${route.urlPath}`).toBe(403);
    }
    expect(await tableCounts(handle)).toEqual(before);
  });
});
