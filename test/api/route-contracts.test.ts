import { isDeepStrictEqual } from "node:util";
import { NextResponse } from "next/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { GET as verifyLedger } from "@/app/api/v1/ledger/verify/route";
import { LedgerVerifyBody } from "@/lib/ledger/ledger-response-schemas";
import { buildOpenApiDocument } from "@/lib/openapi/openapi-document";
import { defineRoute, passThrough } from "@/lib/server/define-route";
import { contractProblems } from "@/lib/server/response-contract";
import { enumerateRoutes } from "../support/enumerate-endpoints";
import { ORIGIN } from "../support/request-headers";
import { checkResponse, routeMetaOf } from "../support/response-contract";

// Every route declares the bodies it answers with, the OpenAPI document shows those same schemas, and the
// check the API tests run on every answer does reject a body off its contract.

// Routes outside defineRoute, and where their body is held instead.
const OUTSIDE_DEFINE_ROUTE: Record<string, string> = {
  "/api/auth/[...all]": "better-auth's own endpoints, not part of the documented API",
  "/api/health": "no auth; both bodies `satisfies` HealthBody in the route",
  "/api/v1/openapi.json": "the document itself",
  "/api/[...path]": "only ever the shared error body (404 for a path no route serves)",
};

type Operation = { responses: Record<string, { content?: Record<string, { schema: unknown }> }> };

const doc = buildOpenApiDocument();
const operation = (urlPath: string, method: string) =>
  (doc.paths as Record<string, Record<string, Operation>>)[urlPath.replace(/\[([^\]]+)\]/g, "{$1}")]?.[
    method.toLowerCase()
  ];
const documented = (schema: z.ZodType) =>
  (["input", "output"] as const).map((io) => z.toJSONSchema(schema, { io, unrepresentable: "any" }));

describe("route contracts", () => {
  it("every JSON route declares its success body", async () => {
    const missing = (await enumerateRoutes())
      .filter((route) => {
        if (!route.meta) return !(route.urlPath in OUTSIDE_DEFINE_ROUTE);
        return !Object.keys(route.meta.responses).some((status) => Number(status) < 300);
      })
      .map((route) => `${route.method} ${route.urlPath}`);
    expect(missing).toEqual([]);
  });

  it("the OpenAPI document shows each route's declared schemas, and no success body a route does not declare", async () => {
    const drift: string[] = [];
    for (const route of await enumerateRoutes()) {
      if (!route.meta) continue;
      const name = `${route.method} ${route.urlPath}`;
      const op = operation(route.urlPath, route.method);
      if (!op) {
        drift.push(`${name}: not in the document`);
        continue;
      }
      // A route with a customer's view (lib/widget/customer-response-schemas.ts) shows both bodies.
      const declared = [
        ...Object.entries(route.meta.responses),
        ...Object.entries(route.meta.customer?.responses ?? {}),
      ];
      for (const [status, schema] of declared) {
        // An event stream's declared schema is one event: the document shows it as the stream's itemSchema.
        const content = op.responses[status]?.content as Record<string, { schema?: unknown; itemSchema?: unknown }>;
        const shown = (content?.["application/json"]?.schema ?? content?.["text/event-stream"]?.itemSchema) as
          | { oneOf?: unknown[] }
          | undefined;
        // An error status may show the route's own body beside the shared error body; a widget route shows
        // the operator's body beside the customer's.
        const candidates = shown?.oneOf && (Number(status) >= 400 || route.meta.customer) ? shown.oneOf : [shown];
        const same = documented(schema).some((json) => candidates.some((c) => isDeepStrictEqual(c, json)));
        if (!same) drift.push(`${name} ${status}: the document shows another schema`);
      }
      for (const status of Object.keys(op.responses).filter((s) => Number(s) < 300)) {
        if (op.responses[status]?.content?.["application/json"] && !route.meta.responses[Number(status)]) {
          drift.push(`${name} ${status}: documented, not declared by the route`);
        }
      }
    }
    expect(drift).toEqual([]);
  });

  it("exposes the declared schemas in the route's metadata, the very constants the document draws", () => {
    const responses = routeMetaOf(verifyLedger)?.responses ?? {};
    expect(Object.keys(responses)).toEqual(["200"]);
    expect(responses[200]).toBe(LedgerVerifyBody);
  });
});

describe("the response check the API tests run", () => {
  const meta = routeMetaOf(verifyLedger);
  if (!meta) throw new Error("GET /api/v1/ledger/verify has no route metadata");
  const good = { is_intact: true, total: 3, broken_at: null, reason: null, chains: 2, anchors: 0, unanchored: 3 };
  const answer = (status: number, body: unknown) => Response.json(body, { status });
  const request = new Request(`${ORIGIN}/api/v1/ledger/verify`);

  it("passes a body that keeps the contract, and the shared error body at an error status", async () => {
    expect(contractProblems(meta, 200, good)).toEqual([]);
    await checkResponse(verifyLedger, request, answer(200, good));
    await checkResponse(
      verifyLedger,
      request,
      answer(404, { error: { code: "NOT_FOUND", message: "No.", request_id: "r1" } }),
    );
  });

  it("rejects a deliberately wrong body: a wrong type, a missing key, a key the schema leaves out", async () => {
    await expect(checkResponse(verifyLedger, request, answer(200, { ...good, total: "3" }))).rejects.toThrow(
      /GET \/api\/v1\/ledger\/verify answered 200 off its declared contract:\n {2}total: /,
    );
    const { chains: _, ...withoutChains } = good;
    expect(contractProblems(meta, 200, withoutChains)).toEqual([expect.stringMatching(/^chains: /)]);
    expect(contractProblems(meta, 200, { ...good, extra: { deep: 1 } })).toEqual([
      "extra: sent, but the schema does not declare it",
    ]);
  });

  it("rejects an undeclared success status and an error status without the error body", () => {
    expect(contractProblems(meta, 201, good)).toEqual(["status 201 is not declared (declared: 200)"]);
    expect(contractProblems(meta, 422, { message: "bad" })).not.toEqual([]);
  });

  it("leaves streams alone: they are not JSON", async () => {
    const stream = new Response("event: turn\ndata: {}\n\n", { headers: { "content-type": "text/event-stream" } });
    await checkResponse(verifyLedger, request, stream);
  });
});

describe("the handler's return type", () => {
  it("is the declared body: each probe below must fail tsc, or its @ts-expect-error fails it instead", () => {
    const Body = z.object({ id: z.string() });
    const probes = [
      // @ts-expect-error a body without a declared key
      defineRoute({ scope: "admin", response: Body }, async () => ({})),
      // @ts-expect-error a key of the wrong type
      defineRoute({ scope: "admin", response: Body }, async () => ({ id: 1 })),
      // @ts-expect-error a hand-built Response: only `reply`, an error reply or `passThrough` may stand for the body
      defineRoute({ scope: "admin", response: Body }, async () => NextResponse.json({ id: "x" })),
      // @ts-expect-error plain data answers 200, which this route does not declare
      defineRoute({ scope: "admin", response: { 201: Body } }, async () => ({ id: "x" })),
      defineRoute({ scope: "admin", response: { 201: Body } }, async ({ reply }) =>
        // @ts-expect-error a status the route does not declare
        reply(200, { id: "x" }),
      ),
      defineRoute({ scope: "admin", response: { 201: Body } }, async ({ reply }) => reply(201, { id: "x" })),
      defineRoute({ scope: "admin", response: Body }, async () => passThrough(new Response("streamed"))),
    ];
    expect(probes).toHaveLength(7);
  });
});
