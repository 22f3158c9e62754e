import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as createSessionRoute } from "@/app/api/v1/agents/[key]/sessions/route";
import { POST as postTurnRoute } from "@/app/api/v1/sessions/[id]/turns/route";
import type { DatabaseHandle } from "@/db/client";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { overrideHostPorts } from "@/lib/server/engine-ports/host-ports";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import {
  completion,
  type FakeBehaviour,
  type FakeChatServer,
  providerFor,
  startFakeChatServer,
} from "@/test/support/fake-chat-server";
import { fileEnv } from "@/test/support/file-env";
import { startTestApp } from "../support/focal-test-app";
import { ORIGIN } from "../support/request-headers";
import { callRoute, type RouteHandler } from "../support/response-contract";

// Through the real OpenAI client against a local OpenAI-compatible server: every request the model
// receives in a turn (sensor, generation, judge, extraction) holds the placeholders, never the card
// number, IBAN or e-mail address the customer wrote; the customer's answer has them back.

const CARD = "4111 1111 1111 1111";
const IBAN = "DE89 3704 0044 0532 0130 00";
const EMAIL = "planted.customer@example.org";
const PLANTED = [CARD, CARD.replaceAll(" ", ""), IBAN, IBAN.replaceAll(" ", ""), EMAIL];

/** Each call answered by what it asks for: the sensor's context, a judge's verdict, or a reply that names the placeholders. */
function answer(body: Record<string, unknown>): FakeBehaviour {
  const format = body.response_format as { json_schema?: { name?: string } } | undefined;
  const name = format?.json_schema?.name;
  const content =
    name === "sensor_context"
      ? { detected_intent: null, intent_confidence: 0.2, entities: {}, is_ambiguous: false, ambiguity_reason: null }
      : name === "judge_verdict"
        ? { passed: true, score: 0.9, reason: "fine", bias_tags: [] }
        : name === "extracted_variables"
          ? {}
          : { reply: "I have noted the card [CARD_1] and will write to [EMAIL_1].", claims: null };
  return { kind: "json", body: completion(JSON.stringify(content)) };
}

const environment = fileEnv();
let handle: DatabaseHandle;
let key: string;
let fake: FakeChatServer;
beforeAll(async () => {
  // On PostgreSQL the vault keeps values only with a key from the environment (docs/privacy.md).
  environment.set({ FOCAL_VAULT_KEY: "e".repeat(64) });
  handle = await startTestApp();
  await importBundle(handle.db, demo, SYSTEM_ACTOR, "setup");
  key = (
    await handle.db.transaction((tx) =>
      createApiKey(tx, { name: "client", scopes: ["turns:write"] }, SYSTEM_ACTOR, "setup"),
    )
  ).key;
  fake = await startFakeChatServer({ respond: answer });
});
afterEach(() => overrideHostPorts(undefined));
afterAll(async () => {
  await fake?.close();
  await handle?.close();
});

function post(handler: RouteHandler, path: string, params: Record<string, string>, body: unknown) {
  return callRoute(
    handler,
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    params,
  );
}

describe("personal data and a real model client", () => {
  it("sends the model placeholders only, and gives the customer the values back", async () => {
    overrideHostPorts({
      model: providerFor(fake),
    });
    const created = await post(createSessionRoute, "/api/v1/agents/refund-desk/sessions", { key: "refund-desk" }, {});
    const sessionId = ((await created.json()) as { session_id: string }).session_id;
    fake.requests.length = 0;
    const response = await post(
      postTurnRoute,
      `/api/v1/sessions/${sessionId}/turns`,
      { id: sessionId },
      {
        message: `Please refund the kettle to my card ${CARD} or IBAN ${IBAN}, and mail me at ${EMAIL} in Absurdistan`,
      },
    );
    expect(response.status).toBe(200);
    const sent = fake.requests.map((request) => JSON.stringify(request.body));
    expect(sent.length).toBeGreaterThan(0);
    for (const body of sent) for (const value of PLANTED) expect(body).not.toContain(value);
    expect(sent.some((body) => body.includes("[CARD_1]"))).toBe(true);
    const turn = (await response.json()) as { response: string };
    expect(turn.response).toContain(CARD);
    expect(turn.response).not.toContain("[CARD_1]");
  });
});
