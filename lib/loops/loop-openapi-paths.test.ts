import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_GUARDRAIL_CONFIG,
  emptyLoopGuardrailState,
  getGuardrailsStatus,
  type LoopGuardrailState,
  overrideGuardrails,
  processLoopCompletion,
} from "@/lib/engine/loops";
import {
  GuardrailsStatusBody,
  LoopCompleteErrorBody,
  LoopCompleteResponseBody,
  OverrideGuardrailsResponseBody,
} from "@/lib/loops/loop-response-schemas";
import { loopsPaths } from "./loop-openapi-paths";

const root = path.resolve(import.meta.dirname, "../..");

function routePaths(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routePaths(full);
    if (entry.name !== "route.ts") return [];
    const relative = path.relative(path.join(root, "app"), path.dirname(full)).split(path.sep).join("/");
    return [`/${relative}`.replace(/\[([^\]]+)\]/g, "{$1}")];
  });
}

type PostItem = { post?: { requestBody: { content: { "application/json": { schema: unknown } } } } };

function requestSchema(pathKey: string): unknown {
  const schema = (loopsPaths[pathKey] as PostItem | undefined)?.post?.requestBody.content["application/json"].schema;
  if (!schema) throw new Error(`no request body documented for ${pathKey}`);
  return schema;
}

const NOW = "2025-04-21T19:45:00.000Z";
const reflection = { alignment_score: 0.72, drift_score: 0.28, summary_valid: true, reflection_persona: "SAGE" };

function complete(state: LoopGuardrailState, loopId: string, tags: string[] = []) {
  const outcome = processLoopCompletion(
    {
      loop_id: loopId,
      reflection_status: "done",
      reflection: { ...reflection, bias_tags: tags.map((tag) => ({ tag })) },
    },
    state,
    DEFAULT_GUARDRAIL_CONFIG,
    NOW,
  );
  if (!outcome.ok) throw new Error(outcome.response.message);
  return outcome;
}

describe("loopsPaths (OpenAPI)", () => {
  it("describes every orchestrator route file, at the published paths and under /api/v1", () => {
    const files = [
      ...routePaths(path.join(root, "app/orchestrator")),
      ...routePaths(path.join(root, "app/api/v1/orchestrator")),
    ];
    expect(files).toHaveLength(6);
    expect(Object.keys(loopsPaths).sort()).toEqual(files.sort());
  });

  it("derives request bodies from the zod schemas the routes validate with", () => {
    const complete = requestSchema("/orchestrator/loop-complete") as {
      required: string[];
      properties: Record<string, { pattern?: string }>;
    };
    expect(complete.required).toEqual(["loop_id", "reflection_status"]);
    expect(Object.keys(complete.properties)).toEqual(
      expect.arrayContaining(["loop_id", "override_by", "agent_key", "reflection", "goal", "output"]),
    );
    expect(complete.properties.loop_id?.pattern).toBe("^[A-Za-z0-9_.:-]+$");
    const override = requestSchema("/api/v1/orchestrator/override-guardrails/{loop_id}") as { required: string[] };
    expect(override.required).toEqual(expect.arrayContaining(["override_by", "override_reason"]));
  });

  it("documents response bodies that the guardrails' real responses satisfy, key for key", () => {
    let state = emptyLoopGuardrailState();
    const responses = [];
    for (const id of ["loop_001", "loop_001_r1", "loop_001_r2", "loop_001_r3"]) {
      const outcome = complete(state, id);
      responses.push(outcome.response);
      state = {
        family: [
          ...state.family.filter((r) => r.loop_id !== id),
          outcome.record,
          ...(outcome.newRecord ? [outcome.newRecord] : []),
        ],
        biasHistory: outcome.biasHistory,
      };
    }
    const halted = complete({ family: [], biasHistory: { echo: 2 } }, "other", ["echo"]).response;
    expect([...responses, halted].map((r) => r.decision_result.decision)).toEqual([
      "rerun",
      "rerun",
      "rerun",
      "finalize",
      "halt",
    ]);
    for (const response of [...responses, halted]) expect(LoopCompleteResponseBody.parse(response)).toEqual(response);

    const last = state.family.find((r) => r.loop_id === "loop_001_r3");
    if (!last) throw new Error("loop_001_r3 missing");
    GuardrailsStatusBody.parse(getGuardrailsStatus(last, DEFAULT_GUARDRAIL_CONFIG, state.family));
    OverrideGuardrailsResponseBody.parse(
      overrideGuardrails(last, { override_max_reruns: true, override_by: "op", override_reason: "why" }).response,
    );
    const error = processLoopCompletion(
      { loop_id: "x", reflection_status: "pending" },
      state,
      DEFAULT_GUARDRAIL_CONFIG,
      NOW,
    );
    LoopCompleteErrorBody.parse(error.response);
  });
});
