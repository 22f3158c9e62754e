import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { goalsPaths } from "./goal-openapi-paths";

const root = path.resolve(import.meta.dirname, "../..");

describe("goalsPaths", () => {
  it("describes the three goal routes that exist", () => {
    for (const p of Object.keys(goalsPaths)) {
      const dir = p.replace(/^\//, "").replace(/\{([^}]+)\}/g, "[$1]");
      expect(fs.existsSync(path.join(root, "app", dir, "route.ts")), p).toBe(true);
    }
  });

  it("derives the bodies from the zod schemas the routes validate with", () => {
    const validate = goalsPaths["/api/v1/goal-reformulations/validate"].post.requestBody?.content["application/json"]
      .schema as unknown as {
      required: string[];
      properties: { confidence: { minimum: number; maximum: number } };
      additionalProperties: boolean;
    };
    expect(validate.required.sort()).toEqual(["confidence", "evidence", "original", "reformulated", "type"]);
    expect(validate.properties.confidence).toMatchObject({ minimum: 0, maximum: 1 });
    expect(validate.additionalProperties).toBe(false);
    const propose = goalsPaths["/api/v1/sessions/{id}/goal/reformulations"].post.requestBody?.content[
      "application/json"
    ].schema as unknown as { required: string[] };
    expect(propose.required).not.toContain("original");
    expect(Object.keys(goalsPaths["/api/v1/sessions/{id}/goal/reformulations"].post.responses)).toContain("503");
  });
});
