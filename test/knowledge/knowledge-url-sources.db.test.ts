import type { ServerResponse } from "node:http";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as searchRoute } from "@/app/api/v1/agents/[key]/knowledge/search/route";
import { POST as refreshRoute } from "@/app/api/v1/agents/[key]/knowledge/sources/[id]/refresh/route";
import { GET as getSourceRoute, PUT as putSourceRoute } from "@/app/api/v1/agents/[key]/knowledge/sources/[id]/route";
import { POST as createRoute, GET as listRoute } from "@/app/api/v1/agents/[key]/knowledge/sources/route";
import { POST as createSessionRoute } from "@/app/api/v1/agents/[key]/sessions/route";
import { POST as postTurnRoute } from "@/app/api/v1/sessions/[id]/turns/route";
import { getAgentByKey } from "@/db/queries/agents";
import { ledgerEvents } from "@/db/schema";
import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import { emptyBundle } from "@/lib/engine/contracts/empty-bundle";
import { passageId } from "@/lib/engine/knowledge/passage-id";
import { overrideUrlFetchLimits } from "@/lib/knowledge/server/fetch-knowledge-url";
import { refreshDueKnowledgeSources } from "@/lib/knowledge/server/refresh-knowledge-source";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { customerTurnOf } from "@/lib/widget/customer-turn";
import { fileEnv } from "../support/file-env";
import { fileTestApp, tableCounts } from "../support/focal-test-app";
import { fileLoopbackServer } from "../support/loopback-server";
import { minimalPdf } from "../support/minimal-pdf";
import { callWithKey } from "../support/route-call";

// url sources end to end against a real HTTP server on 127.0.0.1, the only host FOCAL_TOOL_HOSTS names
// (docs/knowledge.md#url-sources): a page and a sitemap become sources, a refresh writes a version only
// when the text changed and records a failure without touching the passages, the knowledge.refresh job
// does the same as the system, and every bad URL is refused on the url field with nothing written.

const HELP = `<html><head><title>Help</title><script>track()</script></head><body>
<nav><a href="/">Home</a></nav>
<h1>Shipping</h1><p>Standard shipping takes 3 to 5 business days within the country.</p>
<h2>Express</h2><p>Express parcels arrive the next business day when ordered before noon.</p>
</body></html>`;

const page = (title: string, text: string) =>
  `<html><head><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`;

/** What /live answers: a test changes it to see a refresh write a version. */
let live = page("Opening hours", "The shop opens at nine in the morning on weekdays.");
/** What /flaky answers: 200 with a page, or an error status. */
let flakyStatus = 200;

let bigSitemap = "";

function send(res: ServerResponse, status: number, type: string, body: string | Uint8Array) {
  res.writeHead(status, { "content-type": type });
  res.end(body);
}

const server = fileLoopbackServer((request, res) => {
  const base = `http://${request.headers.host}`;
  switch (request.url) {
    case "/help":
      return send(res, 200, "text/html; charset=utf-8", HELP);
    case "/live":
      return send(res, 200, "text/html", live);
    case "/flaky":
      return flakyStatus === 200
        ? send(res, 200, "text/html", page("Gift cards", "Gift cards are sold in amounts from 10 to 200 euros."))
        : send(res, flakyStatus, "text/plain", "down");
    case "/notes.md":
      return send(res, 200, "text/markdown", "# Warranty\n\nEvery kettle carries a two-year warranty.");
    case "/sitemap.xml":
      return send(
        res,
        200,
        "application/xml",
        `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>${base}/pages/returns</loc></url>
  <url><loc>${base}/pages/payments?lang=en&amp;v=2</loc></url>
</urlset>`,
      );
    case "/pages/returns":
      return send(res, 200, "text/html", page("Returns", "Items can be returned within 30 days of delivery."));
    case "/pages/payments?lang=en&v=2":
      return send(res, 200, "text/html", page("Payments", "We accept cards, bank transfers and invoices."));
    case "/big-sitemap.xml":
      return send(res, 200, "application/xml", bigSitemap);
    case "/missing":
      return send(res, 404, "text/html", "<h1>Not found</h1>");
    case "/redirect":
      res.writeHead(301, { location: "/help" });
      return res.end();
    case "/slow":
      return; // never answers: the fetch's deadline ends it
    case "/huge": {
      // No Content-Length: the 8 MiB cap is met while streaming (9 MiB sent).
      res.writeHead(200, { "content-type": "text/html" });
      const chunk = `<p>${"x".repeat(64 * 1024 - 7)}</p>`;
      for (let i = 0; i < 144; i++) res.write(chunk);
      return res.end();
    }
    case "/scripts-only":
      return send(
        res,
        200,
        "text/html",
        "<html><head><script>a()</script></head><body><script>b()</script><nav>Home</nav></body></html>",
      );
    case "/scan.pdf":
      return send(res, 200, "application/pdf", minimalPdf([[], []]));
    case "/feed.xml":
      return send(res, 200, "application/rss+xml", "<rss><channel><title>News</title></channel></rss>");
    default:
      return send(res, 404, "text/plain", "no such path");
  }
});

const environment = fileEnv();
const handle = fileTestApp({ before: () => environment.set({ FOCAL_TOOL_HOSTS: server.host }) });
let admin: string;

beforeAll(async () => {
  bigSitemap = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${Array.from(
    { length: 100_000 },
    (_, i) => `<url><loc>${server.base}/p/${i}</loc></url>`,
  ).join("")}</urlset>`;
  // A 300 ms deadline instead of 10 s: the same check, sooner.
  overrideUrlFetchLimits({ timeoutMs: 300 });
  const created = await handle.db.transaction((tx) =>
    createApiKey(tx, { name: "admin", scopes: ["admin"] }, SYSTEM_ACTOR, "setup"),
  );
  admin = created.key;
});

afterAll(() => overrideUrlFetchLimits(undefined));

/** An agent with nothing but the sources a test adds: no tests to gate its saves, a quick import. */
async function deskAgent(key: string) {
  await importBundle(handle.db, emptyBundle({ key, name: key }), SYSTEM_ACTOR, "setup");
  const agent = await getAgentByKey(handle.db, key);
  if (!agent) throw new Error("agent missing");
  return agent;
}

const sources = (agentKey: string) => `/api/v1/agents/${agentKey}/knowledge/sources`;
const create = (agentKey: string, body: unknown) =>
  callWithKey(createRoute, "POST", sources(agentKey), { key: agentKey }, admin, body);
const refresh = (agentKey: string, id: string) =>
  callWithKey(refreshRoute, "POST", `${sources(agentKey)}/${id}/refresh`, { key: agentKey, id }, admin);
const detail = async (agentKey: string, id: string) =>
  (await callWithKey(getSourceRoute, "GET", `${sources(agentKey)}/${id}`, { key: agentKey, id }, admin)).json();
const list = async (agentKey: string) =>
  (await callWithKey(listRoute, "GET", sources(agentKey), { key: agentKey }, admin)).json();

async function configChanges(agentId: string) {
  return handle.db
    .select()
    .from(ledgerEvents)
    .where(and(eq(ledgerEvents.type, "CONFIG_CHANGED"), eq(ledgerEvents.agentId, agentId)));
}

describe("url sources", () => {
  it("fetches a page through the allow-list into a new version; the table's GET shows its URL and last fetch", async () => {
    const agent = await deskAgent("url-page");
    const made = await create("url-page", { title: "Shipping help", kind: "url", url: `${server.base}/help` });
    expect(made.status).toBe(201);
    const body = await made.json();
    expect(body).toMatchObject({
      id: "shipping-help",
      kind: "url",
      url: `${server.base}/help`,
      refresh_hours: null,
      changed: true,
      config_version: agent.configVersion + 1,
      fetch: { status: "ok", error: null, sitemap_pages: null },
    });
    expect(body.passages).toBeGreaterThanOrEqual(2);
    expect(server.seen.map((r) => r.url)).toEqual(["/help"]);
    const stored = await detail("url-page", "shipping-help");
    expect(stored.content).toContain("# Shipping");
    expect(stored.content).toContain("## Express");
    expect(stored.content).not.toContain("track()");
    expect(stored.content).not.toContain("Home");
    expect(await configChanges(agent.id)).toHaveLength(1);

    const listed = await list("url-page");
    expect(listed.sources[0]).toMatchObject({
      id: "shipping-help",
      url: `${server.base}/help`,
      fetch: { status: "ok" },
    });

    const found = await (
      await callWithKey(
        searchRoute,
        "GET",
        `/api/v1/agents/url-page/knowledge/search?q=${encodeURIComponent("When does an express parcel arrive?")}`,
        { key: "url-page" },
        admin,
      )
    ).json();
    expect(found.passages[0]).toMatchObject({ source_id: "shipping-help", heading_path: ["Shipping", "Express"] });

    // Markdown is kept as it is.
    const notes = await create("url-page", { title: "Warranty", kind: "url", url: `${server.base}/notes.md` });
    expect(notes.status).toBe(201);
    expect((await detail("url-page", "warranty")).content).toBe(
      "# Warranty\n\nEvery kettle carries a two-year warranty.",
    );
  });

  it("reads a sitemap's pages, each under its title as a heading", async () => {
    await deskAgent("url-sitemap");
    const made = await create("url-sitemap", { title: "Store help", kind: "url", url: `${server.base}/sitemap.xml` });
    expect(made.status).toBe(201);
    expect(await made.json()).toMatchObject({ kind: "url", fetch: { status: "ok", sitemap_pages: 2 } });
    const { content } = await detail("url-sitemap", "store-help");
    expect(content).toBe(
      `# Returns\n<!-- page: ${server.base}/pages/returns -->\n\n## Returns\n\nItems can be returned within 30 days of delivery.\n\n# Payments\n<!-- page: ${server.base}/pages/payments?lang=en&v=2 -->\n\n## Payments\n\nWe accept cards, bank transfers and invoices.`,
    );
  });

  it("cites a sitemap's passage with the page it came from: the trace and the customer's 'Why this answer' link that page", async () => {
    await deskAgent("url-cites");
    expect(
      (await create("url-cites", { title: "Store help", kind: "url", url: `${server.base}/sitemap.xml` })).status,
    ).toBe(201);
    const asked = async (message: string) => {
      const session = await callWithKey(
        createSessionRoute,
        "POST",
        "/api/v1/agents/url-cites/sessions",
        { key: "url-cites" },
        admin,
        {},
      );
      const { session_id: id } = (await session.json()) as { session_id: string };
      const turn = await callWithKey(postTurnRoute, "POST", `/api/v1/sessions/${id}/turns`, { id }, admin, { message });
      expect(turn.status).toBe(200);
      return turn.json();
    };
    const returns = await asked("Within how many days can items be returned after delivery?");
    expect(returns.provenance.knowledge.citations).toEqual([
      expect.objectContaining({ source_id: "store-help", source_url: `${server.base}/pages/returns` }),
    ]);
    expect(customerTurnOf(returns).why.sources).toEqual([{ title: "Store help", url: `${server.base}/pages/returns` }]);
    const payments = await asked("Do you accept bank transfers and invoices as payment?");
    expect(payments.provenance.knowledge.citations).toEqual([
      expect.objectContaining({ source_url: `${server.base}/pages/payments?lang=en&v=2` }),
    ]);
    // The page lines are no part of a passage: its text, headings and id are those of the text without them.
    const found = await (
      await callWithKey(
        searchRoute,
        "GET",
        "/api/v1/agents/url-cites/knowledge/search?q=returned+delivery",
        { key: "url-cites" },
        admin,
      )
    ).json();
    const returnsPassage = found.passages.find((p: { heading_path: string[] }) => p.heading_path[0] === "Returns");
    expect(returnsPassage).toMatchObject({
      heading_path: ["Returns", "Returns"],
      text: "Items can be returned within 30 days of delivery.",
      id: passageId(["Returns", "Returns"], "Items can be returned within 30 days of delivery."),
    });
  });

  it("writes a version when a refresh finds new text, nothing when the text is the same, and keeps the passages when it fails", async () => {
    const agent = await deskAgent("url-refresh");
    live = page("Opening hours", "The shop opens at nine in the morning on weekdays.");
    flakyStatus = 200;
    expect((await create("url-refresh", { title: "Hours", kind: "url", url: `${server.base}/live` })).status).toBe(201);
    expect((await create("url-refresh", { title: "Gifts", kind: "url", url: `${server.base}/flaky` })).status).toBe(
      201,
    );
    const version = agent.configVersion + 2;

    const same = await refresh("url-refresh", "hours");
    expect(same.status).toBe(200);
    expect(await same.json()).toMatchObject({ refreshed: true, changed: false, config_version: version });
    expect(await configChanges(agent.id)).toHaveLength(2);

    live = page("Opening hours", "The shop opens at ten in the morning on weekdays and at noon on Sundays.");
    const changed = await refresh("url-refresh", "hours");
    expect(await changed.json()).toMatchObject({ refreshed: true, changed: true, config_version: version + 1 });
    expect((await detail("url-refresh", "hours")).content).toContain("noon on Sundays");
    const events = await configChanges(agent.id);
    expect(events).toHaveLength(3);
    expect(events.at(-1)?.payload).toMatchObject({ entity: "knowledge_source", key: "hours", action: "updated" });

    const before = await detail("url-refresh", "gifts");
    flakyStatus = 503;
    const failed = await refresh("url-refresh", "gifts");
    expect(failed.status).toBe(200);
    const answer = await failed.json();
    expect(answer).toMatchObject({ refreshed: false, changed: false, config_version: version + 1 });
    expect(answer.fetch).toMatchObject({ status: "failed", fetched_at: before.fetch.fetched_at });
    expect(answer.fetch.error).toContain("answered HTTP 503");
    const after = await detail("url-refresh", "gifts");
    expect(after.content).toBe(before.content);
    expect(after.passages).toBe(before.passages);
    expect((await list("url-refresh")).sources.find((s: { id: string }) => s.id === "gifts").fetch.status).toBe(
      "failed",
    );
    expect(await configChanges(agent.id)).toHaveLength(3);
  });

  it("the knowledge.refresh job fetches the sources whose interval passed, as the system, and skips the rest", async () => {
    const agent = await deskAgent("url-job");
    live = page("Opening hours", "The shop opens at nine in the morning on weekdays.");
    flakyStatus = 200;
    const hourly = { title: "Hours", kind: "url", url: `${server.base}/live`, refresh_hours: 1 };
    expect((await create("url-job", hourly)).status).toBe(201);
    const daily = { title: "Gifts", kind: "url", url: `${server.base}/flaky`, refresh_hours: 24 };
    expect((await create("url-job", daily)).status).toBe(201);
    const version = agent.configVersion + 2;

    // Just fetched: nothing is due.
    expect(await refreshDueKnowledgeSources(handle.db, SAVE_POLICIES)).toMatchObject({ due: 0 });

    // Two hours on, the page changed: the hourly source is due and written by the system; the daily one waits.
    live = page("Opening hours", "From March the shop opens at eight in the morning.");
    server.seen.length = 0;
    const later = new Date(Date.now() + 2 * 3_600_000);
    expect(await refreshDueKnowledgeSources(handle.db, SAVE_POLICIES, later)).toEqual({
      due: 1,
      changed: 1,
      unchanged: 0,
      failed: 0,
    });
    expect(server.seen.map((r) => r.url)).toEqual(["/live"]);
    const events = await configChanges(agent.id);
    expect(events).toHaveLength(3);
    expect(events.at(-1)).toMatchObject({ actorKind: "system" });
    expect((await detail("url-job", "hours")).content).toContain("eight in the morning");

    // A day on, both are due; the page is unchanged and the other one fails: no version, the failure recorded.
    flakyStatus = 500;
    const tomorrow = new Date(Date.now() + 25 * 3_600_000);
    expect(await refreshDueKnowledgeSources(handle.db, SAVE_POLICIES, tomorrow)).toEqual({
      due: 2,
      changed: 0,
      unchanged: 1,
      failed: 1,
    });
    expect(await configChanges(agent.id)).toHaveLength(3);
    expect((await getAgentByKey(handle.db, "url-job"))?.configVersion).toBe(version + 1);
    expect((await detail("url-job", "gifts")).fetch).toMatchObject({ status: "failed" });
  });

  it("refuses every URL that gives nothing to answer from, on the url field, and writes nothing", async () => {
    await deskAgent("url-bad");
    const before = await tableCounts(handle);
    const refusals: [string, number, string][] = [
      ["http://example.com/help", 422, "not in the allowed tool hosts"],
      [`${server.base}/missing`, 422, "answered HTTP 404"],
      [`${server.base}/redirect`, 422, "redirects are not followed"],
      [`${server.base}/slow`, 422, "did not answer within 0.3 s"],
      [`${server.base}/huge`, 422, "more than 8 MiB"],
      [`${server.base}/scripts-only`, 422, "no text to answer from"],
      [`${server.base}/scan.pdf`, 422, "PDF with no text"],
      [`${server.base}/feed.xml`, 422, "not a sitemap"],
      [`${server.base}/big-sitemap.xml`, 422, "lists 100,000 pages; a source reads at most 200"],
      ["ftp://127.0.0.1/help", 422, "http or https"],
    ];
    for (const [url, status, reason] of refusals) {
      // Only the slow page needs the short deadline: under load, streaming 9 MiB or a 100,000-URL
      // sitemap can outlast 300 ms, and the cap or the count is the check meant there.
      overrideUrlFetchLimits(url.endsWith("/slow") ? { timeoutMs: 300 } : undefined);
      const answer = await create("url-bad", { title: "Bad", kind: "url", url }).finally(() =>
        overrideUrlFetchLimits({ timeoutMs: 300 }),
      );
      const problem = await answer.json();
      expect(answer.status, url).toBe(status);
      expect(JSON.stringify(problem), url).toContain(reason);
      expect(problem.errors?.map((issue: { path: string }) => issue.path) ?? problem, url).toEqual(["url"]);
    }
    const oversized = await create("url-bad", { title: "Bad", kind: "url", url: `${server.base}/big-sitemap.xml` });
    expect((await oversized.json()).error.code).toBe("SITEMAP_TOO_LARGE");
    const missing = await create("url-bad", { title: "Bad", kind: "url" });
    expect(missing.status).toBe(422);
    expect(JSON.stringify(await missing.json())).toContain("needs the URL");
    const wrongKind = await create("url-bad", { title: "Bad", kind: "text", content: "x", url: `${server.base}/help` });
    expect(JSON.stringify(await wrongKind.json())).toContain("Only a url source takes a url");
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("a PUT changes the URL or interval and fetches again; a GET sent back is no change", async () => {
    const agent = await deskAgent("url-put");
    expect((await create("url-put", { title: "Help", kind: "url", url: `${server.base}/help` })).status).toBe(201);
    const stored = await detail("url-put", "help");
    const body = {
      title: stored.title,
      kind: "url",
      url: stored.url,
      refresh_hours: stored.refresh_hours,
      content: stored.content,
    };
    const put = (payload: unknown) =>
      callWithKey(putSourceRoute, "PUT", `${sources("url-put")}/help`, { key: "url-put", id: "help" }, admin, payload);
    const again = await put(body);
    expect(await again.json()).toMatchObject({ changed: false, config_version: agent.configVersion + 1 });

    const moved = await put({ title: "Help", kind: "url", url: `${server.base}/notes.md`, refresh_hours: 6 });
    expect(await moved.json()).toMatchObject({ changed: true, refresh_hours: 6, url: `${server.base}/notes.md` });
    expect((await detail("url-put", "help")).content).toContain("two-year warranty");

    const refused = await put({ title: "Help", kind: "url", url: `${server.base}/missing`, refresh_hours: 6 });
    expect(refused.status).toBe(422);
    expect((await detail("url-put", "help")).content).toContain("two-year warranty");
  });
});
