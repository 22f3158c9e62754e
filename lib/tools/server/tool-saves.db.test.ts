import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rules, tools } from "@/db/schema";
import { createToolAction } from "@/lib/actions/tools/create-tool";
import { deleteToolAction } from "@/lib/actions/tools/delete-tool";
import { duplicateToolAction } from "@/lib/actions/tools/duplicate-tool";
import { updateToolAction } from "@/lib/actions/tools/update-tool";
import { readAgentBundle } from "@/lib/bundles/server/read-agent-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import type { BundleTool } from "@/lib/engine/contracts/bundle";
import { verifyLedgerChain } from "@/lib/server/ledger/verify-ledger-chain";
import { demoAppForActions } from "@/test/support/action-test-app";
import * as checks from "@/test/support/config-save-checks";
import { tableCounts } from "@/test/support/focal-test-app";
import { loadToolsWorkspace } from "./load-tools-workspace";

// The tool saves against the demo Refund desk, whose lookup_order is attached to two rules
// (look-up-order, max-refund) and whose profile fields include order_id and tier.

const AGENT = "refund-desk";
const LOOKUP = demo.tools[0] as BundleTool;

const app = demoAppForActions(["designer", "viewer"]);

const agentRow = () => checks.agentRow(app.handle);

const version = async () => (await agentRow()).configVersion;

async function storedTool(key: string) {
  const agent = await agentRow();
  const [row] = await app.handle.db
    .select()
    .from(tools)
    .where(and(eq(tools.agentId, agent.id), eq(tools.key, key)));
  return row;
}

/** Runs a save and checks what every save must do: +1 version and one CONFIG_CHANGED event for a tool. */
const expectOneVersion = async <T extends { ok: boolean }>(save: () => Promise<T>) =>
  (await checks.expectOneVersion(app.handle, "tool", save)).payload;

/** The call is refused with `code` and not one row of any table changed. */
async function expectNothingWritten(code: string, call: () => Promise<unknown>) {
  const result = await checks.expectNothingWritten(app.handle, call);
  expect(result.code).toBe(code);
  return result;
}

type StaticTool = Extract<BundleTool, { kind: "static" }>;

const CATALOGUE: StaticTool = {
  key: "price_catalogue",
  name: "Price catalogue",
  description: "Catalogue prices by SKU.",
  kind: "static",
  input_schema: {
    type: "object",
    properties: { sku: { type: "string", description: "Article number" } },
    required: ["sku"],
  },
  output: {
    data: { items: [{ sku: "a1", price: 9.5 }] },
    variables: { catalogue_price: "items[sku={sku}].price" },
  },
};

async function at() {
  return { agent_key: AGENT, expected_config_version: await version() };
}

/** Creates the catalogue under a key of the case's own, for a case that edits, copies or deletes it. */
async function createOwn(key: string): Promise<StaticTool> {
  const tool = { ...CATALOGUE, key };
  expect(await createToolAction({ ...(await at()), tool })).toMatchObject({ ok: true });
  return tool;
}

describe("tool saves: one version and one ledger event each", () => {
  it("create writes the tool with every field in the diff", async () => {
    const payload = await expectOneVersion(async () => createToolAction({ ...(await at()), tool: CATALOGUE }));
    expect(payload).toMatchObject({ action: "created", key: "price_catalogue" });
    expect(payload.diff).toEqual({
      key: { before: null, after: "price_catalogue" },
      name: { before: null, after: "Price catalogue" },
      description: { before: null, after: "Catalogue prices by SKU." },
      kind: { before: null, after: "static" },
      input_schema: { before: null, after: CATALOGUE.input_schema },
      "output.data": { before: null, after: { items: [{ price: 9.5, sku: "a1" }] } },
      "output.variables": { before: null, after: { catalogue_price: "items[sku={sku}].price" } },
    });
    expect(await storedTool("price_catalogue")).toMatchObject({ kind: "static", name: "Price catalogue" });
  });

  it("update records only the output parts that changed, before and after", async () => {
    const own = await createOwn("catalogue_to_update");
    const tool = { ...own, output: { ...CATALOGUE.output, data: { items: [{ sku: "a1", price: 12 }] } } };
    const payload = await expectOneVersion(async () =>
      updateToolAction({ ...(await at()), tool_key: "catalogue_to_update", tool }),
    );
    expect(payload).toMatchObject({ action: "updated", key: "catalogue_to_update" });
    expect(payload.diff).toEqual({
      "output.data": { before: { items: [{ price: 9.5, sku: "a1" }] }, after: { items: [{ price: 12, sku: "a1" }] } },
    });
  });

  it("a save that changes nothing writes nothing, even with rows in another order", async () => {
    const own = await createOwn("catalogue_unchanged");
    const current = await version();
    const before = await tableCounts(app.handle);
    const tool = {
      ...own,
      output: { variables: CATALOGUE.output.variables, data: { items: [{ price: 9.5, sku: "a1" }] } },
    };
    const result = await updateToolAction({ ...(await at()), tool_key: "catalogue_unchanged", tool });
    expect(result).toMatchObject({ ok: true, data: { config_version: current, changed: false } });
    expect(await tableCounts(app.handle)).toEqual(before);
  });

  it("a rename keeps the tool's id, so its rules stay attached", async () => {
    const before = await storedTool("lookup_order");
    const payload = await expectOneVersion(async () =>
      updateToolAction({ ...(await at()), tool_key: "lookup_order", tool: { ...LOOKUP, key: "find_order" } }),
    );
    expect(payload).toMatchObject({ key: "find_order", previous_key: "lookup_order" });
    expect(payload.diff).toEqual({ key: { before: "lookup_order", after: "find_order" } });
    const after = await storedTool("find_order");
    expect(after?.id).toBe(before?.id);
    const attached = await app.handle.db
      .select({ key: rules.key, ids: rules.attachedToolIds })
      .from(rules)
      .where(eq(rules.agentId, (await agentRow()).id));
    expect(
      attached
        .filter((r) => r.ids.includes(after?.id ?? ""))
        .map((r) => r.key)
        .sort(),
    ).toEqual(["look-up-order", "max-refund"]);
    const bundle = await readAgentBundle(app.handle.db, await agentRow());
    expect(bundle.rules.find((r) => r.key === "max-refund")?.attached_tools).toEqual(["find_order"]);
    // And back, so the other cases find the demo's lookup_order under its own key.
    await expectOneVersion(async () => updateToolAction({ ...(await at()), tool_key: "find_order", tool: LOOKUP }));
    expect((await storedTool("lookup_order"))?.id).toBe(before?.id);
  });

  it("duplicate makes a copy under a fresh key, attached to nothing", async () => {
    await createOwn("catalogue_source");
    const payload = await expectOneVersion(async () =>
      duplicateToolAction({ ...(await at()), tool_key: "catalogue_source" }),
    );
    expect(payload).toMatchObject({
      action: "duplicated",
      key: "catalogue_source_copy",
      source_key: "catalogue_source",
    });
    expect(payload.diff.name).toEqual({ before: null, after: "Price catalogue (copy)" });
    expect(await storedTool("catalogue_source_copy")).toMatchObject({ kind: "static" });
  });

  it("delete removes a tool no rule uses, keeping every last value in the diff", async () => {
    await createOwn("catalogue_to_delete");
    const payload = await expectOneVersion(async () =>
      deleteToolAction({ ...(await at()), tool_key: "catalogue_to_delete" }),
    );
    expect(payload).toMatchObject({ action: "deleted", key: "catalogue_to_delete" });
    expect(payload.diff.name).toEqual({ before: "Price catalogue", after: null });
    expect(payload.diff["output.variables"]).toEqual({ before: CATALOGUE.output.variables, after: null });
    expect(await storedTool("catalogue_to_delete")).toBeUndefined();
  });

  it("keeps the ledger chain intact", async () => {
    expect(await verifyLedgerChain(app.handle.db)).toMatchObject({ is_intact: true });
  });
});

describe("the tools page's data", () => {
  it("lists the tools, the rules that run each, the names taken, and each http host's verdict", async () => {
    const http: BundleTool = {
      ...CATALOGUE,
      key: "orders_api",
      kind: "http",
      output: { url: "https://evil.test/x", method: "GET", timeout_ms: 5000, max_bytes: 65_536, variables: {} },
    };
    expect(await createToolAction({ ...(await at()), tool: http })).toMatchObject({ ok: true });
    const data = await loadToolsWorkspace(app.handle.db, AGENT, { role: "designer" }, "api.example.com");
    expect(data?.agent).toEqual({ key: AGENT, name: "Refund desk", configVersion: await version() });
    // Every tool of the agent, by key: the demo's, orders_api, and whatever the other cases made.
    const stored = await app.handle.db
      .select({ key: tools.key })
      .from(tools)
      .where(eq(tools.agentId, (await agentRow()).id));
    const keys = stored.map((t) => t.key).sort();
    expect(keys).toEqual(expect.arrayContaining(["lookup_order", "orders_api"]));
    expect(data?.tools.map((t) => t.key)).toEqual(keys);
    expect(data?.usedBy).toEqual({
      lookup_order: [
        { key: "look-up-order", name: expect.any(String) },
        { key: "max-refund", name: expect.any(String) },
      ],
      price_catalog: [{ key: "quote-catalogue-prices", name: expect.any(String) }],
    });
    expect(data?.takenNames).toMatchObject({ tier: "profile field", refund_amount: "response variable" });
    expect(data?.hostStatus).toEqual({
      orders_api: expect.objectContaining({ state: "not_allowed", host: "evil.test" }),
    });
    // The allowlist is a designer's business: a viewer's page data carries no verdict that names it.
    const asViewer = await loadToolsWorkspace(app.handle.db, AGENT, { role: "viewer" }, "api.example.com");
    expect(asViewer?.tools.map((t) => t.key)).toEqual(keys);
    expect(asViewer?.hostStatus).toEqual({});
    expect(JSON.stringify(asViewer)).not.toContain("api.example.com");
    expect(await deleteToolAction({ ...(await at()), tool_key: "orders_api" })).toMatchObject({ ok: true });
    await expect(loadToolsWorkspace(app.handle.db, "no-such-agent", { role: "admin" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe("tool saves that are refused write nothing", () => {
  it("deleting a tool rules still attach names the rules", async () => {
    const result = await expectNothingWritten("IN_USE", async () =>
      deleteToolAction({ ...(await at()), tool_key: "lookup_order" }),
    );
    expect(result.message).toBe(
      'Tool "lookup_order" is attached to 2 rules ("look-up-order", "max-refund"): detach it in the rules editor first. Nothing was deleted.',
    );
    expect(await storedTool("lookup_order")).toBeDefined();
  });

  it("a save over a newer version is a CONFLICT naming what changed since", async () => {
    const own = await createOwn("catalogue_stale");
    await createOwn("catalogue_gone");
    const stale = await version();
    expect(await deleteToolAction({ ...(await at()), tool_key: "catalogue_gone" })).toMatchObject({ ok: true });
    const result = await expectNothingWritten("CONFLICT", () =>
      updateToolAction({
        agent_key: AGENT,
        expected_config_version: stale,
        tool_key: "catalogue_stale",
        tool: { ...own, name: "Stale edit" },
      }),
    );
    expect(result.message).toContain(`but you loaded v${stale}`);
    expect(result.message).toContain("deleted tool catalogue_gone");
    expect((await storedTool("catalogue_stale"))?.name).toBe("Price catalogue");
  });

  it("an output variable named like a profile field gets the field error", async () => {
    const own = await createOwn("catalogue_tier");
    const tool = { ...own, output: { ...CATALOGUE.output, variables: { tier: "items[0].price" } } };
    const result = await expectNothingWritten("VALIDATION", async () =>
      updateToolAction({ ...(await at()), tool_key: "catalogue_tier", tool }),
    );
    expect(result.fieldErrors).toEqual({
      "output.variables.tier": ['"tier" is already declared by profile_fields[2]; use another name'],
    });
  });

  it("a key another tool has is refused on create and on rename", async () => {
    const own = await createOwn("catalogue_taken");
    const created = await expectNothingWritten("VALIDATION", async () =>
      createToolAction({ ...(await at()), tool: { ...own, name: "Again" } }),
    );
    expect(created.fieldErrors).toEqual({
      key: ['Another tool already has the key "catalogue_taken"; choose another.'],
    });
    await expectNothingWritten("VALIDATION", async () =>
      updateToolAction({ ...(await at()), tool_key: "catalogue_taken", tool: { ...own, key: "lookup_order" } }),
    );
  });

  it("an http URL placeholder the tool has no input for is refused at output.url", async () => {
    const own = await createOwn("catalogue_url");
    const tool: BundleTool = {
      ...own,
      kind: "http",
      output: {
        url: "https://api.example.com/prices/{code}",
        method: "GET",
        timeout_ms: 5000,
        max_bytes: 65_536,
        variables: {},
      },
    };
    const result = await expectNothingWritten("VALIDATION", async () =>
      updateToolAction({ ...(await at()), tool_key: "catalogue_url", tool }),
    );
    expect(result.fieldErrors?.["output.url"]).toEqual([
      'The URL refers to input "code", which is not in input_schema.properties',
    ]);
  });

  it("an unknown tool is NOT_FOUND", async () => {
    await expectNothingWritten("NOT_FOUND", async () => deleteToolAction({ ...(await at()), tool_key: "nope" }));
  });

  it("a viewer is refused every save", async () => {
    app.actAs("viewer");
    await expectNothingWritten("FORBIDDEN", async () =>
      createToolAction({ ...(await at()), tool: { ...CATALOGUE, key: "v" } }),
    );
    await expectNothingWritten("FORBIDDEN", async () =>
      deleteToolAction({ ...(await at()), tool_key: "lookup_order" }),
    );
  });
});
