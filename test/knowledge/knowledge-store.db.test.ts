import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getAgentByKey } from "@/db/queries/agents";
import { knowledgeSetOfVersion } from "@/db/queries/knowledge-passages";
import { rowsOf } from "@/db/raw-rows";
import { agents, knowledgePassages, knowledgePassageVectors, knowledgeSets, knowledgeVersions } from "@/db/schema";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import { resolveAgentSettings } from "@/lib/engine/contracts/agent-settings";
import type { BundleKnowledgeSource } from "@/lib/engine/contracts/bundle";
import type { EngineKnowledgeSource } from "@/lib/engine/contracts/snapshot";
import { passagesOf } from "@/lib/engine/knowledge/compiled-knowledge";
import { contextualQuery } from "@/lib/engine/knowledge/contextual-query";
import { type KnowledgeStore, memoryKnowledgeStore } from "@/lib/engine/knowledge/knowledge-store";
import { buildMemoryIndex } from "@/lib/engine/knowledge/memory-index";
import { engineKnowledgeOf } from "@/lib/knowledge/engine-knowledge";
import { replaceKnowledgeSource } from "@/lib/knowledge/server/knowledge-sources";
import { openDbKnowledgeStore } from "@/lib/knowledge/server/knowledge-store/db-knowledge-store";
import { keepKnowledgeSet } from "@/lib/knowledge/server/knowledge-store/knowledge-set";
import { pruneUnreferencedKnowledge } from "@/lib/knowledge/server/knowledge-store/prune-knowledge";
import { createOfflineEmbedder } from "@/lib/providers/offline/embedder";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { demoWithTestsGate, fileTestApp } from "../support/focal-test-app";

// The knowledge store in the database (lib/knowledge/server/knowledge-store/README.md): every config
// change keeps its version's passages in its own transaction, content-addressed, and the database
// search ranks a small base's passages as the in-memory index does. Listed in test/postgres-files.txt:
// the text search configurations and the GIN index are the server's own there.

const handle = fileTestApp();
const embedder = createOfflineEmbedder();

const HELP = `# Shipping

## Delivery times

Orders to France arrive in 2 business days. Standard shipping is free above 50 EUR.

## Shipping to Germany

Parcels to Germany are delivered by DHL in 3 business days for 7 EUR.

## Shipping to Spain

Parcels to Spain and Portugal are delivered in 4 to 6 business days; shipping costs 9 EUR.

# Returns

## Returning from abroad

Customers in Spain, Italy and Germany return items at any post office with the prepaid label.

## Refund window

Refunds reach your card within 5 business days after we receive the returned item.

# Payment

We accept Visa, Mastercard, PayPal and bank transfer. Invoices are sent by e-mail.

# Gift cards

Gift cards are sold in amounts of 25, 50 and 100 EUR and never expire.

# Warranty

Electronics carry a two-year warranty; a faulty device is repaired or replaced free of charge.
`;

const source = (key: string, title: string, content: string): BundleKnowledgeSource => ({
  key,
  title,
  kind: "markdown",
  content,
  entries: [],
  scope: "GLOBAL",
  scope_ref: null,
});

const faq = (key: string, title: string, entries: [string, string][]): BundleKnowledgeSource => ({
  key,
  title,
  kind: "faq",
  content: "",
  entries: entries.map(([question, answer]) => ({ question, answer, section: "" })),
  scope: "GLOBAL",
  scope_ref: null,
});

const HOTEL = faq("hotel-faq", "Harbour Hotel", [
  ["Are pets allowed?", "Dogs and cats are welcome for 15 EUR a night."],
  ["Is breakfast included?", "Breakfast is served from 7 to 10 am and included in every rate."],
  ["Is there parking?", "The garage under the hotel has 40 spaces at 20 EUR a day."],
  ["Can I check in early?", "Rooms are ready from 2 pm; early check-in from 10 am costs 30 EUR."],
  ["Do you have WiFi?", "Free WiFi reaches every room and the terrace."],
]);

const SOURCES = [source("shop-help", "Shop help", HELP), HOTEL];

async function agentWith(key: string, sources: BundleKnowledgeSource[], languages: string[] = []) {
  const bundle = demoWithTestsGate("off");
  const settings = { ...bundle.agent.settings, language: { allowed: languages } };
  await importBundle(
    handle.db,
    { ...bundle, agent: { ...bundle.agent, key, settings }, knowledge_sources: sources },
    SYSTEM_ACTOR,
    "setup",
  );
  const agent = await getAgentByKey(handle.db, key);
  if (!agent) throw new Error("agent missing");
  return agent;
}

const engineSources = (sources: BundleKnowledgeSource[]): EngineKnowledgeSource[] => engineKnowledgeOf(sources, []);

/** How many terms of the set have postings. */
async function termRows(setId: string): Promise<number> {
  const result = await handle.db.execute(
    sql`select count(*)::int as n from knowledge_set_terms where set_id = ${setId}`,
  );
  return rowsOf<{ n: number }>(result)[0]?.n ?? -1;
}

/**
 * The best 5 passages sharing a word with the question. The database finds candidates by the set's
 * postings (BM25 over the same terms), so a passage the in-memory index ranks by vector alone (no shared word: in a base this small
 * every passage is a vector candidate) is the in-memory index's only; among the others the order is
 * the same, scores included.
 */
async function top5(store: KnowledgeStore, question: string, scope: ReadonlySet<string> | null = null) {
  const query = await store.expand(contextualQuery([{ role: "customer", text: question }], store.lexicon));
  const { passages } = await store.search(query, await store.embedQuery(query), scope, 50);
  return passages
    .filter((p) => p.lexical > 0)
    .slice(0, 5)
    .map(
      (p) =>
        `${p.passage.sourceId} ${p.passage.headingPath.join(" > ")} ${p.passage.text.slice(0, 30)} ${p.score.toFixed(6)}`,
    );
}

describe("the knowledge store in the database", () => {
  let memory: KnowledgeStore;
  let database: KnowledgeStore;

  beforeAll(async () => {
    const agent = await agentWith("kstore-rank", SOURCES);
    const set = await knowledgeSetOfVersion(handle.db, agent.id, agent.configVersion);
    if (!set) throw new Error("the import kept no knowledge set");
    const sources = engineSources(SOURCES);
    memory = memoryKnowledgeStore(await buildMemoryIndex(sources.flatMap(passagesOf), embedder));
    database = await openDbKnowledgeStore(handle.db, set, sources, { embedder });
  });

  it.each([
    "How long does shipping to Germany take?",
    "when will my refund reach my card",
    "Can I bring my dog to the hotel?",
    "do you sell gift cards",
    "is breakfast included at the Harbour Hotel",
    "which payment methods do you accept",
  ])("ranks the same top 5 as the in-memory index: %s", async (question) => {
    const fromDatabase = await top5(database, question);
    expect(fromDatabase.length).toBeGreaterThan(0);
    expect(fromDatabase).toEqual(await top5(memory, question));
  });

  it("reads its candidates' vectors kept with the set: only the question is embedded", async () => {
    const texts: string[] = [];
    const counting = {
      ...embedder,
      embed: (batch: string[]) => {
        texts.push(...batch);
        return embedder.embed(batch);
      },
    };
    const agent = await getAgentByKey(handle.db, "kstore-rank");
    const set = agent && (await knowledgeSetOfVersion(handle.db, agent.id, agent.configVersion));
    if (!set) throw new Error("set missing");
    const store = await openDbKnowledgeStore(handle.db, set, engineSources(SOURCES), { embedder: counting });
    const question = "How long does shipping to Germany take?";
    expect(await top5(store, question)).toEqual(await top5(database, question));
    expect(texts).toHaveLength(1);
  });

  it("gives a set written before its postings were kept its postings when it is first opened, ranking alike", async () => {
    const agent = await getAgentByKey(handle.db, "kstore-rank");
    const set = agent && (await knowledgeSetOfVersion(handle.db, agent.id, agent.configVersion));
    if (!set) throw new Error("set missing");
    const kept = await termRows(set.id);
    expect(kept).toBeGreaterThan(0);
    await handle.db.execute(sql`delete from knowledge_set_terms where set_id = ${set.id}`);
    await handle.db.execute(sql`update knowledge_sets set lengths = null where id = ${set.id}`);
    const reopened = await openDbKnowledgeStore(handle.db, set, engineSources(SOURCES), { embedder });
    expect(await termRows(set.id)).toBe(kept);
    for (const question of ["How long does shipping to Germany take?", "Can I bring my dog to the hotel?"]) {
      expect(await top5(reopened, question)).toEqual(await top5(database, question));
    }
  });

  it("searches only the sources in scope", async () => {
    const found = await top5(database, "Is there parking at the hotel?", new Set(["shop-help"]));
    expect(found.every((line) => line.startsWith("shop-help "))).toBe(true);
    expect(await top5(database, "Is there parking at the hotel?", new Set(["hotel-faq"]))).toEqual(
      await top5(memory, "Is there parking at the hotel?", new Set(["hotel-faq"])),
    );
  });
});

describe("each config version's passages", () => {
  it("are kept in the change's transaction, shared by versions and agents that hold the same passages", async () => {
    const agent = await agentWith("kstore-versions", SOURCES);
    const first = await knowledgeSetOfVersion(handle.db, agent.id, agent.configVersion);
    const passages = engineSources(SOURCES).flatMap(passagesOf);
    expect(first?.passages).toBe(passages.length);
    expect(first?.textConfig).toBe("english");
    const count = async () =>
      (await handle.db.select({ n: sql<number>`count(*)::int` }).from(knowledgePassages))[0]?.n ?? 0;
    const vectors = async () =>
      (await handle.db.select({ n: sql<number>`count(*)::int` }).from(knowledgePassageVectors))[0]?.n ?? 0;
    // A set's passages with no kept vector. Counted within the set: other cases of this file, in any
    // order, leave passages written with other embedders behind.
    const unvectored = async (setId: string | undefined) => {
      const result = await handle.db.execute(sql`select count(*)::int as n from knowledge_set_passages m
        where m.set_id = ${setId ?? ""} and not exists
          (select 1 from knowledge_passage_vectors v where v.passage_id = m.passage_id)`);
      return rowsOf<{ n: number }>(result)[0]?.n ?? -1;
    };
    const before = await count();
    const vectorsBefore = await vectors();
    // Every passage has its vector from the host's embedder, written with the set.
    expect(await unvectored(first?.id)).toBe(0);

    // One FAQ answer edited: a new set, and one new passage row; every other passage is shared.
    const edited = faq("hotel-faq", "Harbour Hotel", [
      ["Are pets allowed?", "Dogs are welcome for 15 EUR a night; cats stay free."],
      ["Is breakfast included?", "Breakfast is served from 7 to 10 am and included in every rate."],
      ["Is there parking?", "The garage under the hotel has 40 spaces at 20 EUR a day."],
      ["Can I check in early?", "Rooms are ready from 2 pm; early check-in from 10 am costs 30 EUR."],
      ["Do you have WiFi?", "Free WiFi reaches every room and the terrace."],
    ]);
    const request = {
      agentKey: "kstore-versions",
      expectedVersion: null,
      actor: SYSTEM_ACTOR,
      requestId: "t",
      policies: [],
    };
    const written = await replaceKnowledgeSource(handle.db, request, "hotel-faq", edited);
    const second = await knowledgeSetOfVersion(handle.db, agent.id, written.config_version);
    expect(second?.id).not.toBe(first?.id);
    expect(await count()).toBe(before + 1);
    expect(await vectors()).toBe(vectorsBefore + 1);
    expect(await unvectored(second?.id)).toBe(0);

    // Another agent with the first knowledge searches the first set: nothing new is written.
    const twin = await agentWith("kstore-twin", SOURCES);
    expect((await knowledgeSetOfVersion(handle.db, twin.id, twin.configVersion))?.id).toBe(first?.id);
    expect(await count()).toBe(before + 1);
    const rows = await handle.db.select().from(knowledgeVersions).where(eq(knowledgeVersions.agentId, agent.id));
    expect(rows.map((r) => r.configVersion).sort()).toEqual([agent.configVersion, written.config_version].sort());
  });

  it("are indexed in the agent's language: a French agent's search finds a word's other forms", async () => {
    const french = source("aide", "Aide", "# Remboursements\n\nLes remboursements arrivent sous cinq jours ouvrés.");
    const agent = await agentWith("kstore-french", [french, HOTEL], ["fr"]);
    const set = await knowledgeSetOfVersion(handle.db, agent.id, agent.configVersion);
    expect(set?.textConfig).toBe("french");
    const store = await openDbKnowledgeStore(
      handle.db,
      set as NonNullable<typeof set>,
      engineSources([french, HOTEL]),
      {
        embedder,
      },
    );
    expect((await top5(store, "Quand arrive mon remboursement ?"))[0]).toMatch(/^aide Remboursements/);
  });
});

describe("the cleanup of unreferenced knowledge", () => {
  const counts = async () => {
    const n = async (table: typeof knowledgeSets | typeof knowledgePassages | typeof knowledgePassageVectors) =>
      (await handle.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;
    return {
      sets: await n(knowledgeSets),
      passages: await n(knowledgePassages),
      vectors: await n(knowledgePassageVectors),
    };
  };

  it("deletes a deleted agent's sets and the passages no other set holds, and keeps what another agent shares", async () => {
    const gift = source("gift", "Gift help", "# Wrapping\n\nGift wrapping costs 3 EUR and is done by hand.");
    const gone = await agentWith("kclean-gone", [gift, HOTEL]);
    await agentWith("kclean-kept", [HOTEL]);
    await pruneUnreferencedKnowledge(handle.db);
    const before = await counts();

    await handle.db.delete(agents).where(eq(agents.id, gone.id));
    const run = await pruneUnreferencedKnowledge(handle.db);
    // The deleted agent's one set, and its one passage no other set holds (the hotel's are shared).
    expect(run).toEqual({ sets: 1, passages: 1, vectors: 1, skipped: false });
    expect(await counts()).toEqual({
      sets: before.sets - 1,
      passages: before.passages - 1,
      vectors: before.vectors - 1,
    });
    const kept = await getAgentByKey(handle.db, "kclean-kept");
    const set = kept && (await knowledgeSetOfVersion(handle.db, kept.id, kept.configVersion));
    const store = await openDbKnowledgeStore(handle.db, set as NonNullable<typeof set>, engineSources([HOTEL]), {
      embedder,
    });
    expect((await top5(store, "Are pets allowed?"))[0]).toMatch(/^hotel-faq /);
    expect(await pruneUnreferencedKnowledge(handle.db)).toEqual({ sets: 0, passages: 0, vectors: 0, skipped: false });
  });

  // Two connections at once: PostgreSQL only (PGlite has one).
  it.skipIf(!process.env.DATABASE_URL)("deletes nothing while a config change is writing a set", async () => {
    const orphan = await agentWith("kclean-orphan", [source("orphan", "Orphan", "# Lost\n\nNobody reads this page.")]);
    await handle.db.delete(agents).where(eq(agents.id, orphan.id));
    const writer = await agentWith("kclean-writer", [HOTEL]);
    const late = source("late", "Late", "# Late\n\nThis page is being written right now.");
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let written = () => {};
    const inside = new Promise<void>((resolve) => {
      written = resolve;
    });
    const writing = handle.db.transaction(async (tx) => {
      await keepKnowledgeSet(tx, writer.id, writer.configVersion + 1, {
        knowledge: engineSources([late, HOTEL]),
        settings: resolveAgentSettings({}),
      });
      written();
      await held;
    });
    await inside;
    expect(await pruneUnreferencedKnowledge(handle.db)).toEqual({ sets: 0, passages: 0, vectors: 0, skipped: true });
    release();
    await writing;
    const run = await pruneUnreferencedKnowledge(handle.db);
    expect(run).toMatchObject({ sets: 1, passages: 1, skipped: false });
    expect(await knowledgeSetOfVersion(handle.db, writer.id, writer.configVersion + 1)).not.toBeNull();
  });
});
