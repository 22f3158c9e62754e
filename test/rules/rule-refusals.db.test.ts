import { describe, expect, it } from "vitest";
import { createRuleAction } from "@/lib/actions/rules/create-rule";
import { deleteRuleAction } from "@/lib/actions/rules/delete-rule";
import { duplicateRuleAction } from "@/lib/actions/rules/duplicate-rule";
import { evaluateRuleExpressionAction } from "@/lib/actions/rules/evaluate-rule-expression";
import { setRuleEnabledAction } from "@/lib/actions/rules/set-rule-enabled";
import { updateRuleAction } from "@/lib/actions/rules/update-rule";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { demoAppForActions } from "@/test/support/action-test-app";
import * as checks from "@/test/support/config-save-checks";
import { tableCounts } from "../support/focal-test-app";

const AGENT = "refund-desk";
const MAX_REFUND = demo.rules.find((r) => r.key === "max-refund");
if (!MAX_REFUND) throw new Error("demo bundle lost max-refund");

const app = demoAppForActions(["designer", "viewer"]);

const version = async () => (await checks.agentRow(app.handle)).configVersion;

/** An edit of max-refund as the editor sends it, at the current version unless told otherwise. */
async function editMaxRefund(fields: Record<string, unknown>, expected?: number) {
  return updateRuleAction({
    ...MAX_REFUND,
    scope: "SCENARIO",
    enforcement_lane: "deterministic",
    ...fields,
    rule_key: "max-refund",
    agent_key: AGENT,
    expected_config_version: expected ?? (await version()),
  } as Parameters<typeof updateRuleAction>[0]);
}

/** The call is refused and not one row of any table changed. */
const expectNothingWritten = (call: () => Promise<unknown>) => checks.expectNothingWritten(app.handle, call);

describe("CEL is checked at save time", () => {
  it("a syntax error is refused with its column in fieldErrors.enforcement_expression", async () => {
    const result = await expectNothingWritten(() => editMaxRefund({ enforcement_expression: "refund_amount <=" }));
    expect(result).toMatchObject({ code: "VALIDATION", message: expect.stringContaining("nothing was saved") });
    expect(result).toMatchObject({
      fieldErrors: { enforcement_expression: [expect.stringMatching(/^Syntax error at column 17/)] },
    });
  });

  it("an undeclared variable is refused and named, with what is declared", async () => {
    const result = await expectNothingWritten(() => editMaxRefund({ enforcement_expression: "refund_total <= 50" }));
    const message = (result as { fieldErrors?: Record<string, string[]> }).fieldErrors?.enforcement_expression?.[0];
    expect(message).toContain('"refund_total" is not a declared variable');
    expect(message).toContain("refund_amount");
  });

  it("a new rule with a broken expression is not created", async () => {
    await expectNothingWritten(async () =>
      createRuleAction({
        ...MAX_REFUND,
        scope: "GLOBAL",
        scope_ref: null,
        enforcement_lane: "deterministic",
        on_violation: "handoff",
        key: "broken",
        enforcement_expression: "refund_amount <= ",
        agent_key: AGENT,
        expected_config_version: await version(),
      }),
    );
  });
});

describe("references are checked against this agent", () => {
  it("a scope target of another kind or agent, or an unknown tool, is refused per field", async () => {
    const result = await expectNothingWritten(() =>
      editMaxRefund({ scope: "STEP", scope_ref: "refund/nowhere", attached_tools: ["lookup_order", "teleport"] }),
    );
    expect(result).toMatchObject({
      fieldErrors: {
        scope_ref: [expect.stringContaining('No step "nowhere" in scenario "refund"')],
        attached_tools: [expect.stringContaining('No tool "teleport"')],
      },
    });
  });

  it("a key another rule has is refused", async () => {
    const result = await expectNothingWritten(() => editMaxRefund({ key: "vip-thanks" }));
    expect(result).toMatchObject({ fieldErrors: { key: [expect.stringContaining("already has the key")] } });
  });

  it("zod limits of the bundle apply to the form", async () => {
    const result = await expectNothingWritten(() => editMaxRefund({ name: " ", priority: 5000 }));
    expect(result).toMatchObject({ code: "VALIDATION", fieldErrors: { name: [expect.any(String)] } });
    expect((result as { fieldErrors?: Record<string, string[]> }).fieldErrors?.priority).toBeDefined();
  });
});

describe("optimistic concurrency", () => {
  it("a save over a newer version is a CONFLICT that says what changed, and writes nothing", async () => {
    const loaded = await version();
    const other = await setRuleEnabledAction({
      agent_key: AGENT,
      rule_key: "vip-thanks",
      enabled: false,
      expected_config_version: loaded,
    });
    expect(other).toMatchObject({ ok: true });
    for (const stale of [
      () => editMaxRefund({ priority: 51 }, loaded),
      () => deleteRuleAction({ agent_key: AGENT, rule_key: "max-refund", expected_config_version: loaded }),
      () => duplicateRuleAction({ agent_key: AGENT, rule_key: "max-refund", expected_config_version: loaded }),
    ]) {
      const result = await expectNothingWritten(stale);
      expect(result).toMatchObject({ code: "CONFLICT" });
      const message = (result as { message: string }).message;
      expect(message).toContain(`is at v${loaded + 1}, but you loaded v${loaded}`);
      expect(message).toContain(`v${loaded + 1}: designer@focal.test disabled rule vip-thanks`);
    }
  });
});

describe("concurrent saves", () => {
  it("two saves made on the same version: one wins, the other is a CONFLICT", async () => {
    const loaded = await version();
    const results = await Promise.all([
      editMaxRefund({ priority: 61 }, loaded),
      editMaxRefund({ priority: 62 }, loaded),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toMatchObject([{ code: "CONFLICT" }]);
    expect(await version()).toBe(loaded + 1);
  });
});

describe("roles", () => {
  it("a viewer may not change rules, and nothing is written", async () => {
    app.actAs("viewer");
    const expected_config_version = await version();
    const ref = { agent_key: AGENT, rule_key: "max-refund", expected_config_version };
    for (const call of [
      () => editMaxRefund({ priority: 1 }),
      () => setRuleEnabledAction({ ...ref, enabled: false }),
      () => duplicateRuleAction(ref),
      () => deleteRuleAction(ref),
    ]) {
      expect(await expectNothingWritten(call)).toMatchObject({ code: "FORBIDDEN" });
    }
  });

  it("a viewer may use the tester, which writes nothing", async () => {
    app.actAs("viewer");
    const before = await tableCounts(app.handle);
    const test = (values: Record<string, string>, expression = "refund_amount <= 50") =>
      evaluateRuleExpressionAction({ agent_key: AGENT, expression, values });
    expect(await test({ refund_amount: "75" })).toMatchObject({ ok: true, data: { evaluation: { result: false } } });
    expect(await test({ refund_amount: "30" })).toMatchObject({ ok: true, data: { evaluation: { result: true } } });
    expect(await test({})).toMatchObject({
      data: { evaluation: { result: "unresolved", missing: ["refund_amount"] } },
    });
    expect(await test({ refund_amount: "lots" })).toMatchObject({
      data: { evaluation: { result: "unresolved" }, value_errors: { refund_amount: expect.any(String) } },
    });
    expect(await test({}, "refund_amount <")).toMatchObject({
      data: { evaluation: { result: "error", kind: "syntax", position: 15 } },
    });
    expect(await tableCounts(app.handle)).toEqual(before);
  });

  it("the tester answers a catastrophic matches() at once, and allows 30 tests a minute per operator", async () => {
    // The designer's bucket: this case empties it, and the viewer's serves the case above.
    app.actAs("designer");
    const values = { refund_amount: "1", tier: `${"a".repeat(4000)}!` };
    // On cel-js's RegExp this held the process 5 s at 30 characters, doubling per character.
    const expression = 'tier.matches("^(a+)+$")';
    const started = performance.now();
    expect(await evaluateRuleExpressionAction({ agent_key: AGENT, expression, values })).toMatchObject({
      ok: true,
      data: { evaluation: { result: false } },
    });
    expect(performance.now() - started).toBeLessThan(3000);
    // The same operator's bucket (30, refilled at 30 a minute: one every 2 s) runs dry: within 31 more
    // tests when they are quick, within a few more on a loaded machine, where 32 tests took 12.7 s and
    // the bucket had refilled 6 on the way. 120 bounds the loop: it runs dry unless a test takes 2 s.
    let refusal: unknown = null;
    for (let i = 0; i < 120 && refusal === null; i++) {
      const result = await evaluateRuleExpressionAction({
        agent_key: AGENT,
        expression: "refund_amount <= 50",
        values,
      });
      if (!result.ok) refusal = result;
    }
    expect(refusal).toMatchObject({
      ok: false,
      code: "RATE_LIMITED",
      message: expect.stringMatching(/^Too many tests: at most 30 a minute\. Try again in \d+ s\.$/),
    });
  });
});
