import { describe, expect, it } from "vitest";
import { createKnowledgeSourceAction } from "@/lib/actions/knowledge/create-knowledge-source";
import { updateKnowledgeSourceAction } from "@/lib/actions/knowledge/update-knowledge-source";
import { readKnowledgeSource } from "@/lib/knowledge/server/knowledge-sources";
import { demoAppForActions } from "@/test/support/action-test-app";
import * as checks from "@/test/support/config-save-checks";

// The Knowledge page's Edit (docs/knowledge.md): the same config write path as every other save — one
// new version, one CONFIG_CHANGED event with the fields that changed, the loaded version checked — and
// a refusal writes nothing, naming the field.

const AGENT = checks.DEMO_AGENT;
const app = demoAppForActions(["designer", "viewer"]);
const version = async () => (await checks.agentRow(app.handle)).configVersion;

const SHIPPING = {
  question: "How long does standard shipping take?",
  answer: "3 to 5 business days.",
  section: "Shipping",
};
const ABROAD = { question: "Do you ship abroad?", answer: "To the EU and the UK.", section: "Shipping" };

const FAQ = {
  title: "Shipping FAQ",
  kind: "faq" as const,
  content: "",
  entries: [SHIPPING, ABROAD],
  scope: "GLOBAL" as const,
  scope_ref: null,
};

async function addFaq(key: string) {
  const made = await createKnowledgeSourceAction({
    agent_key: AGENT,
    expected_config_version: await version(),
    ...FAQ,
    key,
  });
  expect(made.ok).toBe(true);
}

describe("editing a knowledge source from the console", () => {
  it("saves the edited entries as one new version with a diff of what changed, keeping the key and sections", async () => {
    await addFaq("shipping-faq");
    const entries = [SHIPPING, { ...ABROAD, answer: "To the EU, the UK and Norway." }];
    const { payload, result } = await checks.expectOneVersion(app.handle, "knowledge_source", async () =>
      updateKnowledgeSourceAction({
        agent_key: AGENT,
        expected_config_version: await version(),
        source_key: "shipping-faq",
        ...FAQ,
        entries,
      }),
    );
    expect(payload).toMatchObject({ action: "updated", key: "shipping-faq" });
    expect(Object.keys(payload.diff)).toEqual(["entries"]);
    expect(result).toMatchObject({ ok: true, data: { id: "shipping-faq", passages: 2 } });
    const stored = await readKnowledgeSource(app.handle.db, AGENT, "shipping-faq");
    expect(stored.entries[1]).toEqual({ ...ABROAD, answer: "To the EU, the UK and Norway." });
  });

  it("refuses a save on a version it was not opened on, an FAQ with no entries, and a viewer; writing nothing", async () => {
    await addFaq("returns-faq");
    const loaded = await version();
    await addFaq("other-faq");
    const stale = await checks.expectNothingWritten(app.handle, () =>
      updateKnowledgeSourceAction({
        agent_key: AGENT,
        expected_config_version: loaded,
        source_key: "returns-faq",
        ...FAQ,
        title: "Returns FAQ",
      }),
    );
    expect(stale.code).toBe("CONFLICT");

    const empty = await checks.expectNothingWritten(app.handle, async () =>
      updateKnowledgeSourceAction({
        agent_key: AGENT,
        expected_config_version: await version(),
        source_key: "returns-faq",
        ...FAQ,
        entries: [],
      }),
    );
    expect(empty.fieldErrors?.entries).toEqual(["An FAQ source needs at least one entry"]);

    const missing = await checks.expectNothingWritten(app.handle, async () =>
      updateKnowledgeSourceAction({
        agent_key: AGENT,
        expected_config_version: await version(),
        source_key: "no-such-source",
        ...FAQ,
      }),
    );
    expect(missing.code).toBe("NOT_FOUND");

    app.actAs("viewer");
    const viewer = await checks.expectNothingWritten(app.handle, async () =>
      updateKnowledgeSourceAction({
        agent_key: AGENT,
        expected_config_version: await version(),
        source_key: "returns-faq",
        ...FAQ,
      }),
    );
    expect(viewer.code).toBe("FORBIDDEN");
  });
});
