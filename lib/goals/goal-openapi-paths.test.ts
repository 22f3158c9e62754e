import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
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
    const validate = z
      .object({
        required: z.array(z.string()),
        properties: z.object({ confidence: z.object({ minimum: z.number(), maximum: z.number() }) }),
        additionalProperties: z.boolean(),
      })
      .parse(goalsPaths["/api/v1/goal-reformulations/validate"].post.requestBody?.content["application/json"].schema);
    expect(validate.required.sort()).toEqual(["confidence", "evidence", "original", "reformulated", "type"]);
    expect(validate.properties.confidence).toMatchObject({ minimum: 0, maximum: 1 });
    expect(validate.additionalProperties).toBe(false);
    const propose = z
      .object({ required: z.array(z.string()) })
      .parse(
        goalsPaths["/api/v1/sessions/{id}/goal/reformulations"].post.requestBody?.content["application/json"].schema,
      );
    expect(propose.required).not.toContain("original");
    expect(Object.keys(goalsPaths["/api/v1/sessions/{id}/goal/reformulations"].post.responses)).toContain("503");
  });
});
