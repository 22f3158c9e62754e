import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { Bundle } from "@/lib/engine/contracts/bundle";
import { formatIssuePath } from "@/lib/engine/contracts/bundle-issue";
import { concretePath, enumerateActions, enumerateRoutes, type FoundRoute } from "../support/enumerate-endpoints";
import { startDemoApp, tableCounts } from "../support/focal-test-app";
import { loopApiKey, REFERENCE_LOOP_COMPLETE, REFERENCE_OVERRIDE, REFERENCE_REFLECTION } from "../support/loop-api";
import { browserHeaders, ORIGIN, requestState } from "../support/request-headers";
import { encodedBody } from "../support/route-call";
import { type FieldPath, stringFieldPaths, withKeyBeside, withValueAt } from "../support/string-fields";

// Every class of text the input policy refuses, in every string field of every route body and every
// server action input, and in every path parameter: a 4xx naming the field, and no row written.
// Bodies start from a valid request where the route has one, so the bad field is the only fault.

const BAD_TEXT: Record<string, string> = {
  NUL: "a\u0000b",
  "lone high surrogate": "a\uD800b",
  "lone low surrogate": "a\uDC00b",
  "reversed surrogate pair": "\uDE00\uD83D",
  "C0 control (ESC)": "a\u001b[31mb",
  "C0 control (vertical tab)": "a\u000bb",
};
// What Next.js hands a route when it did not decode a segment: proxy.ts refuses these over HTTP,
// and a handler given one must still answer 4xx.
const BAD_PARAMS: Record<string, string> = { ...BAD_TEXT, "percent-encoded lone surrogate": "%ED%A0%80" };
const BAD_KEY = "k\u0000";

const CANDIDATE = {
  reformulated: "What happened in top 5 cryptocurrency markets in the past 24 hours?",
  type: "scope_narrowing",
  confidence: 0.92,
  evidence: [{ id: "market-availability", text: "Market availability data shows only top 5 have reliable feeds" }],
};

// A valid body per route (by path): the bad text replaces one field of it.
const VALID_BODY: Record<string, unknown> = {
  // Configuration entities (docs/config-as-code.md): the demo's first of each kind, as in its bundle.
  ...Object.fromEntries(
    (["rules", "scenarios", "tools", "profile-fields", "variables"] as const).flatMap((kind) => {
      const value = demo[kind === "profile-fields" ? "profile_fields" : kind][0];
      return [
        [`/api/v1/agents/[key]/${kind}`, value],
        [`/api/v1/agents/[key]/${kind}/[entity_key]`, value],
      ];
    }),
  ),
  "/api/v1/agents/[key]/settings": demo.agent.settings,
  "/api/v1/agents/import": demo,
  "/api/v1/agents/[key]/sessions": { customer_id: "customer-1", continuity_enabled: true },
  "/api/v1/agents/[key]/replays": { mode: "frozen", sessions: { limit: 5 } },
  "/api/v1/agents/[key]/impact-preview": { edit: "updateRule", input: { agent_key: "refund-desk" } },
  "/api/v1/agents/[key]/tests": { key: "probe", name: "Probe", turns: [{ message: "hello" }] },
  "/api/v1/agents/[key]/tests/[test_key]": { key: "probe", name: "Probe", turns: [{ message: "hello" }] },
  "/api/v1/agents/[key]/webhooks": { url: "https://93.184.216.34/hook", events: ["handoff.requested"] },
  "/api/v1/agents/[key]/webhooks/[id]": { enabled: false },
  "/api/v1/agents/[key]/environments": { name: "staging" },
  "/api/v1/agents/[key]/environments/[name]/promote": { config_version: 1 },
  "/api/v1/agents/[key]/environments/[name]/split": {
    arms: [
      { config_version: 1, percent: 50 },
      { config_version: 2, percent: 50 },
    ],
  },
  "/api/v1/agents/[key]/environments/[name]/split/end": { keep: 1 },
  "/api/v1/agents/[key]/publishable-keys": { label: "Shop", allowed_origins: ["https://shop.example.com"] },
  "/api/v1/agents/[key]/test-runs": { mode: "frozen", k: 1 },
  "/api/v1/agents/[key]/tools/import-openapi": {
    document: '{"openapi":"3.0.3","info":{"title":"Probe","version":"1"},"paths":{}}',
    operations: [],
    dry_run: true,
  },
  "/api/v1/agents/[key]/credentials": { name: "orders_api", kind: "bearer", token: "probe-token" },
  "/api/v1/agents/[key]/credentials/[name]": { kind: "bearer", token: "probe-token" },
  "/api/v1/agents/[key]/mcp-servers": { name: "probe_mcp", url: "https://93.184.216.34/mcp" },
  "/api/v1/agents/[key]/budget": { daily_usd: 5, monthly_usd: null, action: "notify" },
  "/api/v1/agents/[key]/knowledge/files": {
    title: "Probe",
    kind: "text",
    file: new File(["Probe text."], "probe.txt", { type: "text/plain" }),
  },
  "/api/v1/agents/[key]/knowledge/files/impact-preview": {
    title: "Probe",
    kind: "text",
    expected_config_version: "1",
    file: new File(["Probe text."], "probe.txt", { type: "text/plain" }),
  },
  "/api/v1/agents/[key]/knowledge/sources": { title: "Probe", kind: "text", content: "Probe text." },
  "/api/v1/agents/[key]/knowledge/sources/[id]": { title: "Probe", kind: "text", content: "Probe text." },
  "/api/v1/sessions/[id]/turns": { message: "I want my money back" },
  "/api/v1/reviews/[id]/labels": { resolved: true, note: "probe", turns: [] },
  "/api/v1/sessions/[id]/goal/reformulations": CANDIDATE,
  "/api/v1/goal-reformulations/validate": { original: "What happened in crypto markets today?", ...CANDIDATE },
  "/orchestrator/loop-complete": { ...REFERENCE_LOOP_COMPLETE, reflection: REFERENCE_REFLECTION },
  "/api/v1/orchestrator/loop-complete": { ...REFERENCE_LOOP_COMPLETE, reflection: REFERENCE_REFLECTION },
  "/orchestrator/override-guardrails/[loop_id]": REFERENCE_OVERRIDE,
  "/api/v1/orchestrator/override-guardrails/[loop_id]": REFERENCE_OVERRIDE,
};

let handle: DatabaseHandle;
let adminCookie: string;
let adminKey: string;

beforeAll(async () => {
  const app = await startDemoApp(["admin"]);
  handle = app.handle;
  adminCookie = app.cookies.admin;
  adminKey = await loopApiKey(handle, ["admin"]);
});
afterAll(async () => {
  await handle?.close();
});

/** The string fields of a route's body; the import route takes z.unknown() and checks the bundle itself. */
function routeFields(route: FoundRoute): FieldPath[] {
  if (route.urlPath === "/api/v1/agents/import") return stringFieldPaths(Bundle);
  const body = route.meta?.body;
  return body ? stringFieldPaths(body) : [];
}

function callRoute(route: FoundRoute, body: unknown, params?: Record<string, string>) {
  const concrete = concretePath(route.urlPath);
  const encoded = encodedBody(route.meta?.bodyKind, body);
  return route.handler(
    new Request(`${ORIGIN}${concrete.url}`, {
      method: route.method,
      headers: { authorization: `Bearer ${adminKey}`, ...encoded.headers },
      body: route.method === "GET" ? undefined : encoded.body,
    }),
    { params: Promise.resolve(params ?? concrete.params) },
  );
}

// Each test walks hundreds of cases one after another; on a loaded 2-core machine that outgrows
// the 30 s default without anything being wrong.
const ENUMERATION_TIMEOUT_MS = 180_000;

describe("bad text in route bodies", () => {
  it(
    "every string field, and a bad key beside it, of every route body → 422 naming the field, nothing written",
    async () => {
      const routes = (await enumerateRoutes()).filter((r) => r.meta?.body);
      expect(routes.length).toBeGreaterThanOrEqual(7);
      let cases = 0;
      for (const route of routes) {
        const fields = routeFields(route);
        const base = VALID_BODY[route.urlPath] ?? {};
        const before = await tableCounts(handle);
        // A multipart form is fields by name: it has no root value to put bad text in.
        const root: FieldPath[] = route.meta?.bodyKind === "upload" ? [] : [[]];
        for (const field of [...root, ...fields]) {
          for (const [label, text] of Object.entries(BAD_TEXT)) {
            // A form's text travels as UTF-8, which has no lone surrogates: the client's FormData already
            // sends U+FFFD in their place, and the server decodes bytes the same way.
            if (route.meta?.bodyKind === "upload" && label.includes("surrogate")) continue;
            const response = await callRoute(route, withValueAt(base, field, text));
            const what = `${route.method} ${route.urlPath} ${formatIssuePath(field)} with ${label}`;
            expect(response.status, what).toBe(422);
            const body = await response.json();
            expect(body.error.code, what).toBe("VALIDATION");
            expect(body.errors, what).toContainEqual({ path: formatIssuePath(field), message: expect.any(String) });
            cases++;
          }
          const { body, at } = withKeyBeside(base, field, BAD_KEY);
          const response = await callRoute(route, body);
          expect(response.status, `${route.urlPath} key ${formatIssuePath(at)}`).toBe(422);
          expect((await response.json()).errors).toContainEqual({
            path: formatIssuePath([...at.slice(0, -1), "k\\u0000"]),
            message: "the key contains a NUL character (U+0000), which cannot be stored",
          });
          cases++;
        }
        expect(await tableCounts(handle), `${route.method} ${route.urlPath} wrote`).toEqual(before);
      }
      // 9 body routes; the bundle alone has dozens of string fields.
      expect(cases).toBeGreaterThan(500);
    },
    ENUMERATION_TIMEOUT_MS,
  );
});

describe("bad text in path parameters", () => {
  it(
    "every path parameter of every route → 404 naming it, nothing written",
    async () => {
      const routes = (await enumerateRoutes()).filter((r) => r.meta && r.urlPath.includes("["));
      expect(routes.length).toBeGreaterThanOrEqual(8);
      const before = await tableCounts(handle);
      for (const route of routes) {
        const { params } = concretePath(route.urlPath);
        for (const name of Object.keys(params)) {
          for (const [label, text] of Object.entries(BAD_PARAMS)) {
            const response = await callRoute(route, VALID_BODY[route.urlPath] ?? {}, { ...params, [name]: text });
            const what = `${route.method} ${route.urlPath} ${name} with ${label}`;
            expect(response.status, what).toBe(404);
            if (label in BAD_TEXT) {
              expect((await response.json()).errors, what).toContainEqual({ path: name, message: expect.any(String) });
            }
          }
        }
      }
      expect(await tableCounts(handle)).toEqual(before);
    },
    ENUMERATION_TIMEOUT_MS,
  );
});

describe("bad text in server action inputs", () => {
  it(
    "every string field of every action's schema → VALIDATION naming the field, nothing written",
    async () => {
      const { actions } = await enumerateActions();
      let cases = 0;
      const before = await tableCounts(handle);
      for (const action of actions) {
        for (const field of [[], ...stringFieldPaths(action.meta.schema)]) {
          for (const [label, text] of Object.entries(BAD_TEXT)) {
            requestState.headers = browserHeaders({ cookie: adminCookie });
            const result = (await action.call(withValueAt({}, field, text))) as {
              ok: boolean;
              code?: string;
              fieldErrors?: Record<string, string[]>;
            };
            const what = `${action.meta.name} ${formatIssuePath(field)} with ${label}`;
            expect(result, what).toMatchObject({ ok: false, code: "VALIDATION" });
            expect(Object.keys(result.fieldErrors ?? {}), what).toContain(formatIssuePath(field));
            cases++;
          }
        }
      }
      expect(await tableCounts(handle)).toEqual(before);
      expect(cases).toBeGreaterThan(200);
    },
    ENUMERATION_TIMEOUT_MS,
  );
});
