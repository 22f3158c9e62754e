import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { responseVariableDefinitions } from "@/db/schema";
import { checkVariableAction } from "@/lib/actions/fields/check-variable";
import { createVariableAction } from "@/lib/actions/fields/create-variable";
import { deleteVariableAction } from "@/lib/actions/fields/delete-variable";
import { updateVariableAction } from "@/lib/actions/fields/update-variable";
import { readAgentBundle } from "@/lib/bundles/server/read-agent-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import type { ResponseVariable } from "@/lib/fields/field-action-schemas";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { createSession } from "@/lib/turns/server/create-session";
import { hostTurn } from "@/lib/turns/server/host-turn";
import { demoAppForActions } from "@/test/support/action-test-app";
import { AGENT, agentRow, expectNothingWritten, expectOneVersion } from "@/test/support/fields-db-helpers";
import { tableCounts } from "@/test/support/focal-test-app";

const REFUND = demo.variables.find((v) => v.name === "refund_amount") as ResponseVariable | undefined;
const COMPETITOR = demo.variables.find((v) => v.name === "competitor_mentioned") as ResponseVariable | undefined;
if (!REFUND || !COMPETITOR) throw new Error("demo bundle lost refund_amount or competitor_mentioned");

const DISCOUNT: ResponseVariable = {
  name: "discount_percent",
  type: "number",
  description: "A discount the reply promises, in percent.",
  patterns: ["(\\d+(?:\\.\\d+)?)\\s*%\\s*(?:off|discount)"],
};
// Any dollar amount in the reply: the offline provider's refund drafts state one.
const MENTIONS_MONEY: ResponseVariable = {
  name: "mentions_money",
  type: "boolean",
  description: "",
  patterns: ["\\$\\s?\\d"],
};

const app = demoAppForActions(["designer", "viewer"]);

const at = async () => ({ agent_key: AGENT, expected_config_version: (await agentRow(app.handle)).configVersion });

/** The variable as stored now, in bundle form: what the editor loads before a save. */
async function currentVariable(name: string): Promise<ResponseVariable> {
  const variable = (await readAgentBundle(app.handle.db, await agentRow(app.handle))).variables.find(
    (v) => v.name === name,
  );
  if (!variable) throw new Error(`variable ${name} missing`);
  return variable as ResponseVariable;
}

/** Creates the variable through the editor's action: the CONFIG_CHANGED payload of its one new version. */
async function createdPayload(variable: ResponseVariable) {
  const { payload } = await expectOneVersion(app.handle, "variable", async () =>
    createVariableAction({ ...variable, ...(await at()) }),
  );
  return payload;
}

/** Creates a variable a case then renames or deletes, so it reads nothing another case made. */
async function createOwn(variable: ResponseVariable) {
  expect(await createVariableAction({ ...variable, ...(await at()) })).toMatchObject({ ok: true });
}

async function storedVariable(name: string) {
  const agent = await agentRow(app.handle);
  const [row] = await app.handle.db
    .select()
    .from(responseVariableDefinitions)
    .where(and(eq(responseVariableDefinitions.agentId, agent.id), eq(responseVariableDefinitions.name, name)));
  return row;
}

describe("response variable saves: one config version and one ledger event each", () => {
  it("create writes the variable, every field in the diff; the profile schema stays", async () => {
    const schemaBefore = (await agentRow(app.handle)).profileSchemaVersion;
    const payload = await createdPayload(DISCOUNT);
    expect(payload).toMatchObject({ action: "created", key: "discount_percent" });
    expect(payload.diff).toEqual({
      name: { before: null, after: "discount_percent" },
      type: { before: null, after: "number" },
      description: { before: null, after: DISCOUNT.description },
      patterns: { before: null, after: DISCOUNT.patterns },
    });
    expect((await agentRow(app.handle)).profileSchemaVersion).toBe(schemaBefore);
    expect(await storedVariable("discount_percent")).toMatchObject({ type: "number", patterns: DISCOUNT.patterns });
  });

  it("update records only what changed and writes that one row", async () => {
    const refund = await currentVariable("refund_amount");
    const others = await app.handle.db.select().from(responseVariableDefinitions);
    const patterns = [...refund.patterns, "\\brefund of (\\d+) dollars\\b"];
    const { payload } = await expectOneVersion(app.handle, "variable", async () =>
      updateVariableAction({ ...refund, patterns, loaded_name: "refund_amount", ...(await at()) }),
    );
    expect(payload).toMatchObject({ action: "updated", key: "refund_amount" });
    expect(payload.diff).toEqual({ patterns: { before: refund.patterns, after: patterns } });
    const after = await app.handle.db.select().from(responseVariableDefinitions);
    for (const row of others.filter((r) => r.name !== "refund_amount")) expect(after).toContainEqual(row);
  });

  it("a rename nobody depends on keeps the row's id", async () => {
    await createOwn({ ...DISCOUNT, name: "rebate_percent" });
    const before = await storedVariable("rebate_percent");
    const { payload } = await expectOneVersion(app.handle, "variable", async () =>
      updateVariableAction({ ...DISCOUNT, name: "rebate", loaded_name: "rebate_percent", ...(await at()) }),
    );
    expect(payload).toMatchObject({ key: "rebate", previous_key: "rebate_percent" });
    expect((await storedVariable("rebate"))?.id).toBe(before?.id);
  });

  it("delete removes the row and keeps every last value in the diff", async () => {
    await createOwn({ ...DISCOUNT, name: "discount" });
    const { payload } = await expectOneVersion(app.handle, "variable", async () =>
      deleteVariableAction({ name: "discount", ...(await at()) }),
    );
    expect(payload).toMatchObject({ action: "deleted", key: "discount" });
    expect(payload.diff.patterns).toEqual({ before: DISCOUNT.patterns, after: null });
    expect(await storedVariable("discount")).toBeUndefined();
  });

  it("a save that changes nothing writes nothing", async () => {
    const agent = await agentRow(app.handle);
    const counts = await tableCounts(app.handle);
    const result = await updateVariableAction({
      ...COMPETITOR,
      loaded_name: "competitor_mentioned",
      agent_key: AGENT,
      expected_config_version: agent.configVersion,
    });
    expect(result).toMatchObject({ ok: true, data: { changed: false, config_version: agent.configVersion } });
    expect(await tableCounts(app.handle)).toEqual(counts);
    expect(await agentRow(app.handle)).toEqual(agent);
  });
});

describe("response variable refusals write nothing", () => {
  it("delete of a variable a rule's CEL reads is refused, naming the rule", async () => {
    const result = await expectNothingWritten(app.handle, async () =>
      deleteVariableAction({ name: "refund_amount", ...(await at()) }),
    );
    expect(result).toMatchObject({
      code: "IN_USE",
      message: expect.stringContaining("refund_amount is used by rule max-refund (refund_amount <= 50)"),
    });
  });

  it("a rename or a type change that leaves a rule without its variable is refused on the field", async () => {
    const renamed = await expectNothingWritten(app.handle, async () =>
      updateVariableAction({ ...REFUND, name: "refund_total", loaded_name: "refund_amount", ...(await at()) }),
    );
    expect(renamed).toMatchObject({ fieldErrors: { name: [expect.stringContaining("rule max-refund")] } });
    const retyped = await expectNothingWritten(app.handle, async () =>
      updateVariableAction({ ...REFUND, type: "boolean", loaded_name: "refund_amount", ...(await at()) }),
    );
    expect(retyped).toMatchObject({ fieldErrors: { type: [expect.stringContaining("This breaks rule max-refund")] } });
  });

  it("a name a profile field or a tool output has is a field error", async () => {
    const taken: [string, string][] = [
      ["tier", "the profile field tier"],
      ["order_status", "an output of tool lookup_order"],
      ["competitor_mentioned", "the response variable competitor_mentioned"],
    ];
    for (const [name, owner] of taken) {
      const result = await expectNothingWritten(app.handle, async () =>
        createVariableAction({ ...DISCOUNT, name, ...(await at()) }),
      );
      expect(result, name).toMatchObject({ fieldErrors: { name: [expect.stringContaining(owner)] } });
    }
  });

  it("a broken regex and a pattern that matches empty text are refused by row", async () => {
    const result = await expectNothingWritten(app.handle, async () =>
      createVariableAction({ ...DISCOUNT, patterns: ["(\\d+%", "(\\d*)"], ...(await at()) }),
    );
    expect(result).toMatchObject({
      fieldErrors: {
        patterns: [
          expect.stringMatching(/^Pattern 1: Not a valid regular expression/),
          expect.stringMatching(/^Pattern 2: This pattern matches empty text/),
        ],
      },
    });
  });

  it("a save over a newer version is a CONFLICT", async () => {
    await createOwn({ ...DISCOUNT, name: "markdown_percent" });
    const stale = (await agentRow(app.handle)).configVersion;
    expect(await deleteVariableAction({ name: "markdown_percent", ...(await at()) })).toMatchObject({ ok: true });
    const result = await expectNothingWritten(app.handle, () =>
      createVariableAction({ ...DISCOUNT, name: "markup_percent", agent_key: AGENT, expected_config_version: stale }),
    );
    expect(result).toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("deleted response variable markdown_percent"),
    });
  });

  it("a viewer may not save", async () => {
    app.actAs("viewer");
    const result = await expectNothingWritten(app.handle, async () =>
      deleteVariableAction({ name: "competitor_mentioned", ...(await at()) }),
    );
    expect(result).toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("the tester and the engine", () => {
  it("a viewer may test a reply; the tester extracts what the pipeline extracts", async () => {
    app.actAs("viewer");
    const { name, type, patterns, currency, context_words, rates } = REFUND;
    const reply = "I'll process a $75 refund for you, and €10 back for shipping.";
    const result = await checkVariableAction({ name, type, patterns, currency, context_words, rates, reply });
    expect(result).toMatchObject({
      ok: true,
      data: { values: [75, 10.8], warnings: [], money: { total: 85.8, unresolved: [] } },
    });
  });

  it("a money variable keeps its currency, context words and rates; one without them is refused on those fields", async () => {
    const tip: ResponseVariable = {
      name: "tip_offered",
      type: "money",
      description: "A tip the reply offers, in euros.",
      patterns: [],
      currency: "EUR",
      context_words: ["tip", "gratuity"],
      rates: { USD: 0.9 },
    };
    const payload = await createdPayload(tip);
    expect(payload.diff).toMatchObject({
      currency: { before: null, after: "EUR" },
      context_words: { before: null, after: ["tip", "gratuity"] },
      rates: { before: null, after: { USD: 0.9 } },
    });
    expect(await storedVariable("tip_offered")).toMatchObject({
      type: "money",
      money: { currency: "EUR", context_words: ["tip", "gratuity"], rates: { USD: 0.9 } },
    });
    const missing = await createVariableAction({
      ...tip,
      name: "bare_money",
      currency: undefined,
      context_words: [],
      ...(await at()),
    });
    expect(missing).toMatchObject({
      ok: false,
      fieldErrors: { currency: [expect.stringMatching(/needs a currency/)], context_words: [expect.any(String)] },
    });
  });

  it("a phrases variable keeps its names and limit words survive a money save; bad names are refused on the field", async () => {
    const rivals: ResponseVariable = {
      name: "rival_named",
      type: "phrases",
      description: "A rival store named.",
      patterns: [],
      phrases: ["Acme Retail", "QuickCart"],
    };
    const payload = await createdPayload(rivals);
    expect(payload.diff).toMatchObject({ phrases: { before: null, after: ["Acme Retail", "QuickCart"] } });
    expect(await storedVariable("rival_named")).toMatchObject({
      type: "phrases",
      phrases: rivals.phrases,
      money: null,
    });
    for (const phrases of [[""], ["x".repeat(201)], Array.from({ length: 501 }, (_, i) => `Store ${i}`), []]) {
      const refused = await expectNothingWritten(app.handle, async () =>
        updateVariableAction({ ...rivals, phrases, loaded_name: "rival_named", ...(await at()) }),
      );
      expect(refused).toMatchObject({ ok: false, fieldErrors: { phrases: [expect.any(String)] } });
    }
    const limits = ["allowance"];
    const refund = await currentVariable("refund_amount");
    expect(
      await updateVariableAction({ ...refund, limit_words: limits, loaded_name: "refund_amount", ...(await at()) }),
    ).toMatchObject({ ok: true });
    expect((await storedVariable("refund_amount"))?.money).toMatchObject({ limit_words: limits });
    app.actAs("viewer");
    const { name, type, patterns, phrases } = rivals;
    const tested = await checkVariableAction({ name, type, patterns, phrases, reply: "Try Acme\nRetail instead." });
    expect(tested).toMatchObject({
      ok: true,
      data: { values: [true], phrases: [{ name: "Acme Retail", span: "acme\nretail" }] },
    });
    app.actAs("designer");
  });

  it("the next turn extracts a variable created since", async () => {
    const extractedOnNextTurn = async () => {
      const agent = await agentRow(app.handle);
      const session = await createSession(app.handle.db, { agent, channel: "api", createdBy: "test" });
      const message = "I'm in France and want a refund for order 123";
      const { turn } = await hostTurn(app.handle.db, {
        sessionId: session.id,
        message,
        actor: SYSTEM_ACTOR,
        requestId: "r",
      });
      const span = turn.spans.find((s) => s.name === "extraction");
      return (span?.attributes.values ?? {}) as Record<string, unknown>;
    };
    expect(await extractedOnNextTurn()).not.toHaveProperty("mentions_money");
    expect(await createVariableAction({ ...MENTIONS_MONEY, ...(await at()) })).toMatchObject({ ok: true });
    expect(await extractedOnNextTurn()).toMatchObject({ mentions_money: [true] });
  });
});
