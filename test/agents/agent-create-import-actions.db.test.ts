import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { agents, rules, scenarios } from "@/db/schema";
import { createAgentAction } from "@/lib/actions/agents/create-agent";
import { importAgentBundleAction } from "@/lib/actions/agents/import-agent-bundle";
import demoBundle from "@/lib/demo/refund-desk.bundle.json";
import { startDemoApp, tableCounts } from "../support/focal-test-app";
import { browserHeaders, requestState } from "../support/request-headers";

let handle: DatabaseHandle;
let cookies: Record<"designer" | "viewer", string>;

beforeAll(async () => {
  ({ handle, cookies } = await startDemoApp(["designer", "viewer"]));
});
beforeEach(() => {
  requestState.headers = browserHeaders({ cookie: cookies.designer });
});
afterAll(async () => {
  await handle?.close();
});

async function agentByKey(key: string) {
  const [agent] = await handle.db.select().from(agents).where(eq(agents.key, key));
  return agent ?? null;
}

async function countOf(table: typeof rules | typeof scenarios, agentId: string) {
  const [row] = await handle.db.select({ n: count() }).from(table).where(eq(table.agentId, agentId));
  return row?.n ?? 0;
}

async function expectNothingWritten<R extends { ok: boolean }>(call: () => Promise<R>): Promise<R> {
  const before = await tableCounts(handle);
  const result = await call();
  expect(result).toMatchObject({ ok: false });
  expect(await tableCounts(handle)).toEqual(before);
  return result;
}

const bundleText = (agent: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ ...demoBundle, agent: { ...demoBundle.agent, ...agent }, ...extra });

describe("New agent in the console", () => {
  it("creates an empty agent at v1 with nothing in it", async () => {
    const result = await createAgentAction({ name: "Returns desk", key: "returns-desk", start: "empty" });
    expect(result).toMatchObject({ ok: true, data: { key: "returns-desk", created: true } });
    const agent = await agentByKey("returns-desk");
    expect(agent?.name).toBe("Returns desk");
    expect(await countOf(rules, agent?.id ?? "")).toBe(0);
  });

  it("copies the demo under its own key, rules, scenarios and description included", async () => {
    const result = await createAgentAction({ name: "My refunds", key: "my-refunds", start: "demo" });
    expect(result).toMatchObject({ ok: true });
    const agent = await agentByKey("my-refunds");
    expect(agent?.description).toBe(demoBundle.agent.description);
    expect(await countOf(rules, agent?.id ?? "")).toBe(demoBundle.rules.length);
    expect(await countOf(scenarios, agent?.id ?? "")).toBe(demoBundle.scenarios.length);
  });

  it("refuses a taken key, a bad key and a blank name, naming the field, writing nothing", async () => {
    const taken = await expectNothingWritten(() => createAgentAction({ name: "Again", key: "refund-desk" }));
    expect(taken).toMatchObject({ code: "CONFLICT", fieldErrors: { key: [expect.stringContaining("taken")] } });
    const bad = await expectNothingWritten(() => createAgentAction({ name: "X", key: "Not A Key" }));
    expect(bad).toMatchObject({ code: "VALIDATION", fieldErrors: { key: [expect.any(String)] } });
    const blank = await expectNothingWritten(() => createAgentAction({ name: "  ", key: "blank-name" }));
    expect(blank).toMatchObject({ code: "VALIDATION", fieldErrors: { name: [expect.any(String)] } });
  });

  it("is refused to a viewer", async () => {
    requestState.headers = browserHeaders({ cookie: cookies.viewer });
    const result = await expectNothingWritten(() => createAgentAction({ name: "Viewer's", key: "viewers" }));
    expect(result).toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("Import bundle in the console", () => {
  it("imports a new agent from a file", async () => {
    const result = await importAgentBundleAction({
      file_name: "shop.bundle.json",
      text: bundleText({ key: "shop", name: "Shop" }),
    });
    expect(result).toMatchObject({ ok: true, data: { key: "shop", created: true } });
  });

  it("lists every bundle problem with its JSON path, the same as the REST import, and writes nothing", async () => {
    const broken = bundleText(
      { key: "broken" },
      {
        rules: [
          { ...demoBundle.rules[0], scope: "PLANET" },
          { ...demoBundle.rules[1], attached_tools: ["nope"] },
        ],
      },
    );
    const result = await expectNothingWritten(() => importAgentBundleAction({ text: broken }));
    expect(result).toMatchObject({ code: "VALIDATION" });
    const paths = Object.keys((result as { fieldErrors?: Record<string, string[]> }).fieldErrors ?? {});
    expect(paths).toEqual(expect.arrayContaining([expect.stringMatching(/^rules\[0\]\.scope/)]));
    expect(await agentByKey("broken")).toBeNull();
  });

  it("says a file that is not JSON is not JSON", async () => {
    const result = await expectNothingWritten(() => importAgentBundleAction({ file_name: "notes.txt", text: "hello" }));
    expect(result).toMatchObject({ code: "VALIDATION", fieldErrors: { file: [expect.any(String)] } });
    expect((result as { message: string }).message).toContain("notes.txt is not JSON");
  });

  it("asks before replacing an existing agent's configuration, then replaces it as a new version", async () => {
    const before = await agentByKey("refund-desk");
    const text = bundleText({ name: "Refund desk (renamed)" });
    const refused = await expectNothingWritten(() => importAgentBundleAction({ text }));
    expect(refused).toMatchObject({ code: "CONFLICT" });
    expect((refused as { message: string }).message).toContain(`v${(before?.configVersion ?? 0) + 1}`);
    const replaced = await importAgentBundleAction({ text, replace: true });
    expect(replaced).toMatchObject({ ok: true, data: { key: "refund-desk", created: false } });
    const after = await agentByKey("refund-desk");
    expect(after?.id).toBe(before?.id);
    expect(after?.name).toBe("Refund desk (renamed)");
    expect(after?.configVersion).toBe((before?.configVersion ?? 0) + 1);
  });

  it("imports a file whose key is taken as a new agent under another key, refusing a taken one", async () => {
    const before = await agentByKey("refund-desk");
    const text = bundleText({});
    const taken = await expectNothingWritten(() => importAgentBundleAction({ text, new_key: "refund-desk" }));
    expect(taken).toMatchObject({ code: "CONFLICT", fieldErrors: { new_key: [expect.stringContaining("taken")] } });
    const copy = await importAgentBundleAction({ text, new_key: "refund-desk-2" });
    expect(copy).toMatchObject({ ok: true, data: { key: "refund-desk-2", created: true } });
    expect((await agentByKey("refund-desk-2"))?.id).not.toBe(before?.id);
    expect((await agentByKey("refund-desk"))?.configVersion).toBe(before?.configVersion);
  });
});
