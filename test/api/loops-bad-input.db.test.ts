import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { loopTraces } from "@/db/schema";
import { startTestApp, tableCounts } from "../support/focal-test-app";
import {
  completeWith,
  loopApi,
  loopApiKey,
  REFERENCE_LOOP_COMPLETE,
  REFERENCE_OVERRIDE,
  REFERENCE_REFLECTION,
} from "../support/loop-api";

// Bad input to the three orchestrator loop endpoints gets a precise 4xx and writes nothing.

let handle: DatabaseHandle;
let api: ReturnType<typeof loopApi>;
let readOnly: ReturnType<typeof loopApi>;
beforeAll(async () => {
  handle = await startTestApp();
  api = loopApi(await loopApiKey(handle, ["loops:write", "loops:read", "loops:override"]), "/api/v1");
  readOnly = loopApi(await loopApiKey(handle, ["loops:read"]));
  await completeWith(api, "known_loop");
  // A turn's regeneration loop, as the turn host stores it (kind "turn"); no turn row is needed for this check.
  await handle.db
    .insert(loopTraces)
    .values({ loopId: "turn_x", familyId: "turn_x", kind: "turn", status: "completed" });
});
afterAll(async () => {
  await handle?.close();
});

async function expectNothingWritten(call: () => Promise<Response>, status: number) {
  const before = await tableCounts(handle);
  const response = await call();
  expect(response.status).toBe(status);
  expect(await tableCounts(handle)).toEqual(before);
  return response.json();
}

const paths = (body: { errors?: { path: string }[] }) => (body.errors ?? []).map((e) => e.path);

describe("POST loop-complete refuses bad input", () => {
  it("reflection_status other than done → 422 with the published error body", async () => {
    const body = await expectNothingWritten(
      () =>
        api.complete({ ...REFERENCE_LOOP_COMPLETE, reflection_status: "pending", reflection: REFERENCE_REFLECTION }),
      422,
    );
    expect(body).toEqual({
      status: "error",
      message: "Invalid reflection status. Must be 'done'.",
      loop_id: "loop_001",
    });
  });

  it("missing loop_id → 422 naming loop_id", async () => {
    const { loop_id: _, ...rest } = REFERENCE_LOOP_COMPLETE;
    expect(
      paths(await expectNothingWritten(() => api.complete({ ...rest, reflection: REFERENCE_REFLECTION }), 422)),
    ).toEqual(["loop_id"]);
  });

  it("wrong types → 422 naming every field", async () => {
    const body = await expectNothingWritten(
      () =>
        api.complete({
          loop_id: 42,
          reflection_status: true,
          override_fatigue: "yes",
          reflection: { alignment_score: 1.5, drift_score: "low", summary_valid: true },
        }),
      422,
    );
    expect(paths(body)).toEqual(
      expect.arrayContaining([
        "loop_id",
        "reflection_status",
        "override_fatigue",
        "reflection.alignment_score",
        "reflection.drift_score",
      ]),
    );
  });

  it("a loop_id that cannot travel in a URL → 422", async () => {
    const body = await expectNothingWritten(
      () => api.complete({ ...REFERENCE_LOOP_COMPLETE, loop_id: "../etc/passwd" }),
      422,
    );
    expect(paths(body)).toEqual(["loop_id"]);
  });

  it("malformed JSON and an empty body → 400", async () => {
    expect((await expectNothingWritten(() => api.complete('{"loop_id": "loop_001",'), 400)).error.message).toMatch(
      /^Malformed JSON/,
    );
    expect((await expectNothingWritten(() => api.complete(""), 400)).error.code).toBe("BAD_REQUEST");
  });

  it("a never-seen loop without a reflection (or goal and output) → 422 naming reflection", async () => {
    const body = await expectNothingWritten(
      () => api.complete({ ...REFERENCE_LOOP_COMPLETE, loop_id: "fresh_loop" }),
      422,
    );
    expect(paths(body)).toEqual(["reflection"]);
    expect(body.error.message).toMatch(/goal and output/);
  });

  it("goal without output → 422 naming output", async () => {
    const body = await expectNothingWritten(
      () => api.complete({ ...REFERENCE_LOOP_COMPLETE, goal: "Summarise the policy" }),
      422,
    );
    expect(paths(body)).toEqual(["output"]);
  });

  it("an unknown agent_key → 422 naming agent_key", async () => {
    const body = await expectNothingWritten(
      () => api.complete({ ...REFERENCE_LOOP_COMPLETE, agent_key: "nobody", reflection: REFERENCE_REFLECTION }),
      422,
    );
    expect(paths(body)).toEqual(["agent_key"]);
  });

  it("a turn's loop → 409: the engine completes those", async () => {
    const body = await expectNothingWritten(
      () => api.complete({ ...REFERENCE_LOOP_COMPLETE, loop_id: "turn_x", reflection: REFERENCE_REFLECTION }),
      409,
    );
    expect(body.error.code).toBe("CONFLICT");
  });

  it("a key without loops:write → 403", async () => {
    await expectNothingWritten(
      () => readOnly.complete({ ...REFERENCE_LOOP_COMPLETE, reflection: REFERENCE_REFLECTION }),
      403,
    );
  });
});

describe("GET guardrails-status refuses bad input", () => {
  it("an unknown loop → 404; a malformed id → 404", async () => {
    expect((await expectNothingWritten(() => readOnly.status("no_such_loop"), 404)).error.message).toBe(
      "No loop with id no_such_loop.",
    );
    await expectNothingWritten(() => readOnly.status("bad id!"), 404);
  });
});

describe("POST override-guardrails refuses bad input", () => {
  it("no override_reason → 422 saying it is required", async () => {
    const { override_reason: _, ...rest } = REFERENCE_OVERRIDE;
    const body = await expectNothingWritten(() => api.override("known_loop", rest), 422);
    expect(body.errors).toEqual([
      { path: "override_reason", message: "override_reason is required: say why the guardrail is lifted" },
    ]);
    expect(
      paths(
        await expectNothingWritten(
          () => api.override("known_loop", { ...REFERENCE_OVERRIDE, override_reason: "  " }),
          422,
        ),
      ),
    ).toEqual(["override_reason"]);
  });

  it("an over-long override_reason → 422 saying it is too long", async () => {
    const long = { ...REFERENCE_OVERRIDE, override_reason: "x".repeat(1001) };
    const body = await expectNothingWritten(() => api.override("known_loop", long), 422);
    expect(body.errors).toEqual([
      { path: "override_reason", message: "override_reason is longer than 1000 characters" },
    ]);
  });

  it("no override_by, or neither guardrail chosen → 422", async () => {
    const { override_by: _, ...rest } = REFERENCE_OVERRIDE;
    expect(paths(await expectNothingWritten(() => api.override("known_loop", rest), 422))).toEqual(["override_by"]);
    const neither = { ...REFERENCE_OVERRIDE, override_fatigue: false, override_max_reruns: false };
    expect(paths(await expectNothingWritten(() => api.override("known_loop", neither), 422))).toEqual([
      "override_fatigue",
    ]);
  });

  it("wrong types and malformed JSON → 422 / 400", async () => {
    const body = await expectNothingWritten(
      () => api.override("known_loop", { ...REFERENCE_OVERRIDE, override_fatigue: "true" }),
      422,
    );
    expect(paths(body)).toEqual(["override_fatigue"]);
    await expectNothingWritten(() => api.override("known_loop", "{override"), 400);
  });

  it("an unknown loop → 404, a turn's loop → 409, a key without loops:override → 403", async () => {
    await expectNothingWritten(() => api.override("no_such_loop", REFERENCE_OVERRIDE), 404);
    await expectNothingWritten(() => api.override("turn_x", REFERENCE_OVERRIDE), 409);
    await expectNothingWritten(() => readOnly.override("known_loop", REFERENCE_OVERRIDE), 403);
  });
});
