import { desc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as ruleRoute from "@/app/api/v1/agents/[key]/rules/[entity_key]/route";
import { getEnvironment } from "@/db/queries/environments";
import { ledgerEvents } from "@/db/schema";
import { updateRuleAction } from "@/lib/actions/rules/update-rule";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { demoAppForActions } from "@/test/support/action-test-app";
import { agentRow, expectNothingWritten } from "@/test/support/config-save-checks";
import { tableCounts } from "@/test/support/focal-test-app";
import { loopApiKey } from "@/test/support/loop-api";
import { callWithKey } from "@/test/support/route-call";

// The demo's france-75-refund case passes at a cap of 50 and turns red above 75: every save below
// is refused by the blocking gate unless it is saved past it with a reason.
const MAX_REFUND = demo.rules.find((r) => r.key === "max-refund");
if (!MAX_REFUND) throw new Error("demo bundle lost max-refund");

const app = demoAppForActions(["designer"], { testsGate: "block" });

async function lastConfigChange() {
  const [event] = await app.handle.db
    .select()
    .from(ledgerEvents)
    .where(eq(ledgerEvents.type, "CONFIG_CHANGED"))
    .orderBy(desc(ledgerEvents.seq))
    .limit(1);
  return event;
}

async function raiseCap(cap: number, reason?: string) {
  return updateRuleAction({
    ...MAX_REFUND,
    enforcement_expression: `refund_amount <= ${cap}`,
    rule_key: "max-refund",
    agent_key: "refund-desk",
    expected_config_version: (await agentRow(app.handle)).configVersion,
    ...(reason === undefined ? {} : { force_tests: { reason } }),
  } as never);
}

describe("a designer past a blocking test gate", () => {
  // Each case starts at the demo's cap of 50, where the case passes; going back turns nothing red.
  beforeEach(async () => {
    const back = await raiseCap(50);
    if (!back.ok) throw new Error(`could not put the demo's cap back: ${back.message}`);
  });

  it("is refused without a reason, and an empty reason is a field error; nothing is written", async () => {
    const refused = await expectNothingWritten(app.handle, () => raiseCap(80));
    expect(refused).toMatchObject({ code: "TESTS_GATE", message: expect.stringContaining("save into draft") });
    // Each failure on its own, named in plain words with what was expected beside what happened.
    const failures = refused.fieldErrors?.["tests.france-75-refund"] ?? [];
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) expect(failure).toMatch(/^Turn \d+ should .+: expected .+, but /);
    const empty = await expectNothingWritten(app.handle, () => raiseCap(80, "   "));
    expect(empty).toMatchObject({ code: "VALIDATION" });
    expect(Object.values(empty.fieldErrors ?? {}).flat()).toContain("Say why the save may turn these tests red");
  });

  it("saves into draft with a reason: a new version, production held at the old one, the reason in the ledger", async () => {
    const before = await agentRow(app.handle);
    const production = await getEnvironment(app.handle.db, before.id, "production");
    const result = await raiseCap(85, "Wording only; the cases follow tomorrow");
    expect(result).toMatchObject({ ok: true, data: { config_version: before.configVersion + 1 } });
    const held = await getEnvironment(app.handle.db, before.id, "production");
    // Never pinned, production followed the latest: it is pinned to what it served; a pin stays as it was.
    expect(held?.pinnedVersion).toBe(production?.pinnedVersion ?? before.configVersion);
    const event = await lastConfigChange();
    expect(event).toMatchObject({ actor: "designer@focal.test" });
    expect(event?.payload).toMatchObject({
      config_version_after: before.configVersion + 1,
      tests_gate: {
        mode: "block",
        forced: true,
        into_draft: true,
        reason: "Wording only; the cases follow tomorrow",
        turned_red: expect.arrayContaining(["france-75-refund"]),
      },
    });
  });

  it("over REST: the reason header saves into draft; an empty one is a 422 and writes nothing", async () => {
    const writer = await loopApiKey(app.handle, ["config:read", "config:write"]);
    const put = (version: number, reason: string) =>
      callWithKey(
        ruleRoute.PUT,
        "PUT",
        "/api/v1/agents/refund-desk/rules/max-refund",
        { key: "refund-desk", entity_key: "max-refund" },
        writer,
        { ...MAX_REFUND, enforcement_expression: "refund_amount <= 90" },
        { "if-match": `"${version}"`, "focal-tests-gate-reason": reason },
      );
    const before = await agentRow(app.handle);
    const counts = await tableCounts(app.handle);
    const empty = await put(before.configVersion, " ");
    expect(empty.status).toBe(422);
    expect(await tableCounts(app.handle)).toEqual(counts);
    const saved = await put(before.configVersion, "Trying a higher cap in draft");
    expect(saved.status).toBe(200);
    expect((await lastConfigChange())?.payload).toMatchObject({
      tests_gate: { forced: true, into_draft: true, reason: "Trying a higher cap in draft" },
    });
    const production = await getEnvironment(app.handle.db, before.id, "production");
    expect(production?.pinnedVersion).not.toBe(before.configVersion + 1);
  });
});
