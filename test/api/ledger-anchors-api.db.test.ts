import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GET as latestAnchor } from "@/app/api/v1/ledger/anchors/latest/route";
import { GET as verifyLedger } from "@/app/api/v1/ledger/verify/route";
import type { DatabaseHandle } from "@/db/client";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { anchorLedger } from "@/lib/server/ledger/anchor-ledger";
import { appendLedgerEvent } from "@/lib/server/ledger/append-ledger-event";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { startTestApp } from "../support/focal-test-app";
import { callWithKey } from "../support/route-call";

let handle: DatabaseHandle;
let reader: string;
let other: string;

// A fresh ledger per case: one case needs no anchor yet, another writes the first.
beforeEach(async () => {
  handle = await startTestApp();
  const make = (scopes: ("agents:read" | "ledger:read")[]) =>
    handle.db.transaction((tx) => createApiKey(tx, { name: scopes.join(","), scopes }, SYSTEM_ACTOR, "setup"));
  reader = (await make(["ledger:read"])).key;
  other = (await make(["agents:read"])).key;
});
afterEach(async () => {
  await handle?.close();
});

const getLatest = (key = reader) => callWithKey(latestAnchor, "GET", "/api/v1/ledger/anchors/latest", {}, key);

describe("GET /api/v1/ledger/anchors/latest", () => {
  it("needs ledger:read", async () => {
    expect((await getLatest(other)).status).toBe(403);
  });

  it("is 404 with a message until the first anchor", async () => {
    const response = await getLatest();
    expect(response.status).toBe(404);
    expect((await response.json()).error.message).toContain("No ledger anchor yet");
  });

  it("returns the latest anchor: the hash to copy out, its root, leaf count and predecessor", async () => {
    const sessionChain = crypto.randomUUID();
    await handle.db.transaction((tx) =>
      appendLedgerEvent(tx, {
        sessionChain,
        type: "TURN_COMPLETED",
        actor: SYSTEM_ACTOR,
        requestId: "turn",
        payload: { turn_id: "t" },
      }),
    );
    const anchor = await anchorLedger(handle.db, { now: new Date("2026-11-26T12:00:00.000Z") });
    const response = await getLatest();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      seq: anchor?.seq,
      hash: anchor?.hash,
      merkle_root: anchor?.merkleRoot,
      leaf_count: 1,
      occurred_at: "2026-11-26T12:00:00.000Z",
      previous_anchor_seq: null,
    });
    const verdict = await callWithKey(verifyLedger, "GET", "/api/v1/ledger/verify", {}, reader);
    expect(await verdict.json()).toMatchObject({
      is_intact: true,
      broken_at: null,
      reason: null,
      chains: 2,
      anchors: 1,
      unanchored: 0,
    });
  });
});
