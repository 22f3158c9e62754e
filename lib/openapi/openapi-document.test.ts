import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildOpenApiDocument } from "./openapi-document";

const root = path.resolve(import.meta.dirname, "../..");

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(full);
    return e.name === "route.ts" ? [full] : [];
  });
}

describe("OpenAPI document", () => {
  const doc = buildOpenApiDocument();

  it("describes every /api/v1 route file", () => {
    const paths = routeFiles(path.join(root, "app/api/v1"))
      .map((f) =>
        `/${path.relative(path.join(root, "app"), path.dirname(f)).split(path.sep).join("/")}`.replace(
          /\[([^\]]+)\]/g,
          "{$1}",
        ),
      )
      .filter((p) => p !== "/api/v1/openapi.json");
    for (const p of paths) expect(Object.keys(doc.paths), p).toContain(p);
  });

  it("documents the turn's event stream beside its JSON answer", () => {
    const content = doc.paths["/api/v1/sessions/{id}/turns"].post.responses[200].content as Record<string, unknown>;
    expect(Object.keys(content)).toEqual(["application/json", "text/event-stream"]);
    expect(JSON.stringify(content["text/event-stream"])).toContain('"turn"');
  });

  it("derives request bodies from the zod schemas the routes validate with", () => {
    const turn = z
      .object({
        properties: z.object({ message: z.object({ maxLength: z.number() }) }),
        additionalProperties: z.boolean(),
      })
      .parse(doc.paths["/api/v1/sessions/{id}/turns"].post.requestBody?.content["application/json"].schema);
    expect(turn.properties.message.maxLength).toBe(4000);
    expect(turn.additionalProperties).toBe(false);
    const bundle = z
      .object({ required: z.array(z.string()) })
      .parse(doc.paths["/api/v1/agents/import"].post.requestBody?.content["application/json"].schema);
    expect(bundle.required).toContain("focal_bundle");
  });
});
