import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { customerProfiles, profileFieldDefinitions } from "@/db/schema";
import { checkFieldValueAction } from "@/lib/actions/fields/check-field-value";
import { createProfileFieldAction } from "@/lib/actions/fields/create-profile-field";
import { deleteProfileFieldAction } from "@/lib/actions/fields/delete-profile-field";
import { updateProfileFieldAction } from "@/lib/actions/fields/update-profile-field";
import { createRuleAction } from "@/lib/actions/rules/create-rule";
import { readAgentBundle } from "@/lib/bundles/server/read-agent-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import type { ProfileField } from "@/lib/fields/field-action-schemas";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { verifyLedgerChain } from "@/lib/server/ledger/verify-ledger-chain";
import { createSession } from "@/lib/turns/server/create-session";
import { hostTurn } from "@/lib/turns/server/host-turn";
import { demoAppForActions } from "@/test/support/action-test-app";
import { AGENT, agentRow, expectNothingWritten, expectOneVersion } from "@/test/support/fields-db-helpers";
import { tableCounts } from "@/test/support/focal-test-app";

const TIER = demo.profile_fields.find((f) => f.field_name === "tier") as ProfileField | undefined;
const COUNTRY = demo.profile_fields.find((f) => f.field_name === "country") as ProfileField | undefined;
if (!TIER || !COUNTRY) throw new Error("demo bundle lost tier or country");

const LOYALTY: ProfileField = {
  field_name: "loyalty_points",
  display_name: "Loyalty points",
  description: "Points on the customer's loyalty card.",
  field_type: "number",
  validation_rules: ["value >= 0.0", "value < 1000000.0"],
  extraction_hints: ["'I have 1,200 points'"],
};

const app = demoAppForActions(["designer", "viewer"]);

/** A hard rule whose CEL reads the tier field: refusals of saves that would break it name it. */
const VIP_RULE = {
  key: "vip-refunds-only",
  name: "Big refunds for VIPs only",
  condition_text: "The customer asks for a refund",
  action_text: "Refunds above $20 are for VIP customers.",
  is_hard_constraint: true,
  enforcement_expression: 'tier == "vip" || refund_amount <= 20.0',
};

// Every case only reads this rule; none renames or deletes tier, which it reads.
beforeAll(async () => {
  app.actAs("designer");
  expect(await createRuleAction({ ...VIP_RULE, ...(await at()) })).toMatchObject({ ok: true });
});

const at = async () => ({ agent_key: AGENT, expected_config_version: (await agentRow(app.handle)).configVersion });

/** The field as stored now, in bundle form: what the editor loads before a save. */
async function currentField(name: string): Promise<ProfileField> {
  const field = (await readAgentBundle(app.handle.db, await agentRow(app.handle))).profile_fields.find(
    (f) => f.field_name === name,
  );
  if (!field) throw new Error(`field ${name} missing`);
  return field as ProfileField;
}

async function storedField(name: string) {
  const agent = await agentRow(app.handle);
  const [row] = await app.handle.db
    .select()
    .from(profileFieldDefinitions)
    .where(and(eq(profileFieldDefinitions.agentId, agent.id), eq(profileFieldDefinitions.fieldName, name)));
  return row;
}

describe("profile field saves: one config version, one profile schema version, one ledger event", () => {
  it("create writes the field with every field in the diff", async () => {
    const schemaBefore = (await agentRow(app.handle)).profileSchemaVersion;
    const { payload, result } = await expectOneVersion(app.handle, "profile_field", async () =>
      createProfileFieldAction({ ...LOYALTY, ...(await at()) }),
    );
    expect(payload).toMatchObject({ action: "created", key: "loyalty_points" });
    expect(payload.diff.validation_rules).toEqual({ before: null, after: LOYALTY.validation_rules });
    // jsonb keeps no key order: compare the sets.
    expect(Object.keys(payload.diff).sort()).toEqual(Object.keys(LOYALTY).sort());
    expect(result).toMatchObject({ data: { profile_schema_version: schemaBefore + 1, field: LOYALTY } });
    expect((await agentRow(app.handle)).profileSchemaVersion).toBe(schemaBefore + 1);
    expect(await storedField("loyalty_points")).toMatchObject({
      fieldType: "number",
      validationRules: LOYALTY.validation_rules,
    });
  });

  it("update records only the fields that changed and writes that one row", async () => {
    const others = await app.handle.db.select().from(profileFieldDefinitions);
    const schemaBefore = (await agentRow(app.handle)).profileSchemaVersion;
    const rules = [...TIER.validation_rules, "size(value) <= 8"];
    const { payload } = await expectOneVersion(app.handle, "profile_field", async () =>
      updateProfileFieldAction({ ...TIER, validation_rules: rules, loaded_name: "tier", ...(await at()) }),
    );
    expect(payload).toMatchObject({ action: "updated", key: "tier" });
    expect(payload.diff).toEqual({ validation_rules: { before: TIER.validation_rules, after: rules } });
    expect((await agentRow(app.handle)).profileSchemaVersion).toBe(schemaBefore + 1);
    // Targeted: every other row is exactly as it was.
    const after = await app.handle.db.select().from(profileFieldDefinitions);
    for (const row of others.filter((r) => r.fieldName !== "tier")) expect(after).toContainEqual(row);
  });

  it("a rename nobody depends on keeps the row's id, names the old key and moves customers' values", async () => {
    const country = await currentField("country");
    const before = await storedField("country");
    const agent = await agentRow(app.handle);
    await app.handle.db.insert(customerProfiles).values([
      { agentId: agent.id, customerRef: "rename-a", fields: { country: "France", tier: "vip" } },
      { agentId: agent.id, customerRef: "rename-b", fields: { tier: "standard" } },
    ]);
    const profile = async (ref: string) =>
      (
        await app.handle.db
          .select({ fields: customerProfiles.fields })
          .from(customerProfiles)
          .where(and(eq(customerProfiles.agentId, agent.id), eq(customerProfiles.customerRef, ref)))
      )[0]?.fields;
    const { payload } = await expectOneVersion(app.handle, "profile_field", async () =>
      updateProfileFieldAction({ ...country, field_name: "home_country", loaded_name: "country", ...(await at()) }),
    );
    expect(payload).toMatchObject({ key: "home_country", previous_key: "country" });
    expect(payload.diff).toEqual({ field_name: { before: "country", after: "home_country" } });
    expect((await storedField("home_country"))?.id).toBe(before?.id);
    expect(await profile("rename-a")).toEqual({ home_country: "France", tier: "vip" });
    expect(await profile("rename-b")).toEqual({ tier: "standard" });
    await expectOneVersion(app.handle, "profile_field", async () =>
      updateProfileFieldAction({ ...country, loaded_name: "home_country", ...(await at()) }),
    );
    expect(await profile("rename-a")).toEqual({ country: "France", tier: "vip" });
  });

  it("delete removes the row and keeps every last value in the diff", async () => {
    expect(await createProfileFieldAction({ ...LOYALTY, field_name: "stamp_count", ...(await at()) })).toMatchObject({
      ok: true,
    });
    const schemaBefore = (await agentRow(app.handle)).profileSchemaVersion;
    const { payload, result } = await expectOneVersion(app.handle, "profile_field", async () =>
      deleteProfileFieldAction({ field_name: "stamp_count", ...(await at()) }),
    );
    expect(payload).toMatchObject({ action: "deleted", key: "stamp_count" });
    expect(payload.diff.display_name).toEqual({ before: "Loyalty points", after: null });
    expect(result).toMatchObject({ data: { field: null, profile_schema_version: schemaBefore + 1 } });
    expect(await storedField("stamp_count")).toBeUndefined();
  });

  it("a save that changes nothing writes nothing and keeps both versions", async () => {
    const country = await currentField("country");
    const agent = await agentRow(app.handle);
    const counts = await tableCounts(app.handle);
    const result = await updateProfileFieldAction({
      ...country,
      loaded_name: "country",
      agent_key: AGENT,
      expected_config_version: agent.configVersion,
    });
    expect(result).toMatchObject({
      ok: true,
      data: { changed: false, config_version: agent.configVersion, profile_schema_version: agent.profileSchemaVersion },
    });
    expect(await tableCounts(app.handle)).toEqual(counts);
    expect(await agentRow(app.handle)).toEqual(agent);
  });

  it("the ledger chain stays intact", async () => {
    expect(await verifyLedgerChain(app.handle.db)).toMatchObject({ is_intact: true });
  });
});

describe("profile field refusals write nothing", () => {
  it("delete of a field a rule's CEL reads is refused, naming the rule", async () => {
    const result = await expectNothingWritten(app.handle, async () =>
      deleteProfileFieldAction({ field_name: "tier", ...(await at()) }),
    );
    expect(result).toMatchObject({
      code: "IN_USE",
      message: expect.stringContaining(`rule vip-refunds-only (${VIP_RULE.enforcement_expression})`),
    });
  });

  it("a rename of a field a rule reads, or a type that breaks it, is refused on the field", async () => {
    const renamed = await expectNothingWritten(app.handle, async () =>
      updateProfileFieldAction({ ...TIER, field_name: "level", loaded_name: "tier", ...(await at()) }),
    );
    expect(renamed).toMatchObject({
      fieldErrors: { field_name: [expect.stringContaining("tier is used by rule vip-refunds-only")] },
    });
    const retyped = await expectNothingWritten(app.handle, async () =>
      updateProfileFieldAction({
        ...TIER,
        field_type: "number",
        validation_rules: [],
        loaded_name: "tier",
        ...(await at()),
      }),
    );
    expect(retyped).toMatchObject({
      message: expect.stringContaining("This breaks rule vip-refunds-only"),
      fieldErrors: { field_type: [expect.stringContaining("vip-refunds-only")] },
    });
  });

  it("renaming or deleting a field a tool input reads is refused, naming the tool", async () => {
    const result = await expectNothingWritten(app.handle, async () =>
      deleteProfileFieldAction({ field_name: "order_id", ...(await at()) }),
    );
    expect(result).toMatchObject({ message: expect.stringContaining("the input of tool lookup_order") });
  });

  it("a name another field, a variable or a tool output has is a field error", async () => {
    const taken: [string, string][] = [
      ["country", "the profile field country"],
      ["refund_amount", "the response variable refund_amount"],
      ["order_amount", "an output of tool lookup_order"],
    ];
    for (const [name, owner] of taken) {
      const result = await expectNothingWritten(app.handle, async () =>
        createProfileFieldAction({ ...LOYALTY, field_name: name, ...(await at()) }),
      );
      expect(result, name).toMatchObject({ fieldErrors: { field_name: [expect.stringContaining(owner)] } });
    }
  });

  it("a validation rule that does not check is refused with its row number", async () => {
    const result = await expectNothingWritten(app.handle, async () =>
      createProfileFieldAction({ ...LOYALTY, validation_rules: ["value >= 0.0", "points > 3.0"], ...(await at()) }),
    );
    expect(result).toMatchObject({
      fieldErrors: {
        validation_rules: [expect.stringMatching(/^Rule 2: "points": a validation rule can only use `value`/)],
      },
    });
  });

  it("a save over a newer version is a CONFLICT naming what changed", async () => {
    const stale = (await agentRow(app.handle)).configVersion;
    // A rule that leaves tier alone, so the refusals that name vip-refunds-only as tier's one reader hold.
    const newer = { ...VIP_RULE, key: "refunds-under-500", enforcement_expression: "refund_amount <= 500.0" };
    expect(await createRuleAction({ ...newer, ...(await at()) })).toMatchObject({ ok: true });
    const result = await expectNothingWritten(app.handle, () =>
      updateProfileFieldAction({
        ...COUNTRY,
        description: "x",
        loaded_name: "country",
        agent_key: AGENT,
        expected_config_version: stale,
      }),
    );
    expect(result).toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("created rule refunds-under-500"),
    });
  });

  it("zod limits of the bundle apply, and a viewer may not save", async () => {
    const invalid = await expectNothingWritten(app.handle, async () =>
      createProfileFieldAction({ ...LOYALTY, field_name: "Loyalty Points", display_name: " ", ...(await at()) }),
    );
    expect(invalid).toMatchObject({
      code: "VALIDATION",
      fieldErrors: { field_name: [expect.any(String)], display_name: [expect.any(String)] },
    });
    app.actAs("viewer");
    const refused = await expectNothingWritten(app.handle, async () =>
      createProfileFieldAction({ ...LOYALTY, ...(await at()) }),
    );
    expect(refused).toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("the tester and the engine", () => {
  it("a viewer may test values; the verdicts are the sensor's", async () => {
    app.actAs("viewer");
    const result = await checkFieldValueAction({
      field_type: "string",
      validation_rules: TIER.validation_rules,
      value: "gold",
    });
    expect(result).toEqual({
      ok: true,
      data: { accepted: false, reason: `fails ${TIER.validation_rules[0]}`, rules: [{ index: 0, verdict: "fail" }] },
    });
  });

  it("the next turn validates entities with the new definitions", async () => {
    const profileAfterTurn = async () => {
      const agent = await agentRow(app.handle);
      const session = await createSession(app.handle.db, { agent, channel: "api", createdBy: "test" });
      const message = "I'm in France and want a refund for order 123";
      return (await hostTurn(app.handle.db, { sessionId: session.id, message, actor: SYSTEM_ACTOR, requestId: "req" }))
        .session.profile;
    };
    expect(await profileAfterTurn()).toMatchObject({ country: "France" });
    const notFrance = [...COUNTRY.validation_rules, 'value != "France"'];
    expect(
      await updateProfileFieldAction({
        ...COUNTRY,
        validation_rules: notFrance,
        loaded_name: "country",
        ...(await at()),
      }),
    ).toMatchObject({ ok: true });
    expect(await profileAfterTurn()).not.toHaveProperty("country");
  });
});
