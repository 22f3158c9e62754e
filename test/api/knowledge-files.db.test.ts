import { beforeAll, describe, expect, it } from "vitest";
import { POST as uploadRoute } from "@/app/api/v1/agents/[key]/knowledge/files/route";
import { GET as searchRoute } from "@/app/api/v1/agents/[key]/knowledge/search/route";
import { GET as getSourceRoute } from "@/app/api/v1/agents/[key]/knowledge/sources/[id]/route";
import { getAgentByKey } from "@/db/queries/agents";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import { KNOWLEDGE_UPLOAD_MAX_BYTES } from "@/lib/knowledge/knowledge-files";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { demoWithTestsGate, fileTestApp, tableCounts } from "../support/focal-test-app";
import { minimalPdf } from "../support/minimal-pdf";
import { callWithForm, callWithKey, formOf } from "../support/route-call";

// Files sent as files (docs/knowledge.md#uploaded-files): POST …/knowledge/files takes a multipart form
// with a file of up to 20 MB, counted while the body streams in, converts it on save like the JSON
// fields do, and writes one config version; a file over the cap, or one that gives no text, is refused
// on `file` and writes nothing.

const handle = fileTestApp();
let admin: string;

beforeAll(async () => {
  admin = (
    await handle.db.transaction((tx) => createApiKey(tx, { name: "admin", scopes: ["admin"] }, SYSTEM_ACTOR, "s"))
  ).key;
});

async function deskAgent(key: string) {
  const bundle = demoWithTestsGate("off");
  await importBundle(handle.db, { ...bundle, agent: { ...bundle.agent, key } }, SYSTEM_ACTOR, "setup");
  const agent = await getAgentByKey(handle.db, key);
  if (!agent) throw new Error("agent missing");
  return agent;
}

const upload = (agentKey: string, fields: Record<string, unknown>) =>
  callWithForm(uploadRoute, `/api/v1/agents/${agentKey}/knowledge/files`, { key: agentKey }, admin, formOf(fields));

const search = (agentKey: string, q: string) =>
  callWithKey(
    searchRoute,
    "GET",
    `/api/v1/agents/${agentKey}/knowledge/search?${new URLSearchParams({ q, k: "3" })}`,
    { key: agentKey },
    admin,
  );

/** A manual of about `bytes` bytes: sections of three paragraphs, one section naming a rare word. */
function manual(bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const section =
      i === 1234
        ? "## Section 1234: descaling\n\nDescale the kettle with citric acid every 90 days; vinegar leaves a taste.\n\n"
        : `## Section ${i}\n\nOrders placed before noon ship the same day from our warehouse number ${i}. Parcels are tracked from dispatch to delivery, and the tracking link arrives by e-mail.\n\nA parcel that has not moved for five business days can be reported from the order page; we open an investigation with the carrier and answer within two days.\n\nGift wrapping is available on every item for a small fee and can be chosen at checkout.\n\n`;
    parts.push(section);
    size += section.length;
  }
  return `# Kettle manual\n\n${parts.join("")}`;
}

const PAGE_LINES = (page: number) => [
  `Page ${page} of the warranty booklet.`,
  page === 7 ? "The heating element is covered for five years from the date of purchase." : "Keep your receipt.",
];

describe("knowledge files (multipart)", () => {
  it("a 1.5 MB Markdown file, over what a JSON body carries (1 MiB), becomes one source at a new version, all of it searchable", async () => {
    const agent = await deskAgent("kf-markdown");
    const text = manual(1_500_000);
    const made = await upload("kf-markdown", {
      title: "Kettle manual",
      kind: "markdown",
      file: new File([text], "kettle.md", { type: "text/markdown" }),
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const body = await made.json();
    expect(body).toMatchObject({ id: "kettle-manual", kind: "markdown", config_version: agent.configVersion + 1 });
    expect(body.passages).toBeGreaterThan(3_000);
    const read = await callWithKey(
      getSourceRoute,
      "GET",
      "/api/v1/agents/kf-markdown/knowledge/sources/kettle-manual",
      { key: "kf-markdown", id: "kettle-manual" },
      admin,
    );
    expect((await read.json()).content).toBe(text);
    const found = await (await search("kf-markdown", "How often should I descale the kettle?")).json();
    expect(found.passages[0]).toMatchObject({
      source_id: "kettle-manual",
      heading_path: ["Kettle manual", "Section 1234: descaling"],
    });
  }, 180_000);

  it("a PDF of many pages becomes a pdf source, each passage under its page", async () => {
    await deskAgent("kf-pdf");
    const pdf = minimalPdf(Array.from({ length: 12 }, (_, i) => PAGE_LINES(i + 1)));
    const made = await upload("kf-pdf", {
      title: "Warranty",
      kind: "pdf",
      file: new File([pdf], "warranty.pdf", { type: "application/pdf" }),
    });
    expect(made.status, await made.clone().text()).toBe(201);
    expect(await made.json()).toMatchObject({ id: "warranty", kind: "pdf", pages: 12 });
    const found = await (await search("kf-pdf", "How long is the heating element covered?")).json();
    expect(found.passages[0]).toMatchObject({ source_id: "warranty", heading_path: ["Page 7"] });
  }, 60_000);

  it("a 20 MB PDF, most of it weight no page shows, is read within its limits", async () => {
    await deskAgent("kf-heavy");
    const pdf = minimalPdf([PAGE_LINES(1), PAGE_LINES(2)], KNOWLEDGE_UPLOAD_MAX_BYTES - 4_096);
    expect(pdf.length).toBeLessThanOrEqual(KNOWLEDGE_UPLOAD_MAX_BYTES);
    expect(pdf.length).toBeGreaterThan(KNOWLEDGE_UPLOAD_MAX_BYTES - 8_192);
    const made = await upload("kf-heavy", { title: "Heavy", kind: "pdf", file: new File([pdf], "heavy.pdf") });
    expect(made.status, await made.clone().text()).toBe(201);
    expect(await made.json()).toMatchObject({ kind: "pdf", pages: 2 });
  }, 60_000);

  it("a file over 20 MB is refused on `file` (413) whether the form or the file passes the limit, nothing written", async () => {
    await deskAgent("kf-large");
    const before = await tableCounts(handle);
    // Just over: the body is within 20 MiB + 64 KiB, the file part is not.
    const justOver = await upload("kf-large", {
      title: "Big",
      kind: "text",
      file: new File([new Uint8Array(KNOWLEDGE_UPLOAD_MAX_BYTES + 1).fill(97)], "big.txt"),
    });
    // Far over: the count while streaming stops reading at 20 MiB + 64 KiB.
    const farOver = await upload("kf-large", {
      title: "Bigger",
      kind: "text",
      file: new File([new Uint8Array(KNOWLEDGE_UPLOAD_MAX_BYTES + 2 * 1024 * 1024).fill(97)], "bigger.txt"),
    });
    for (const refused of [justOver, farOver]) {
      expect(refused.status).toBe(413);
      const body = await refused.json();
      expect(body.error.code).toBe("PAYLOAD_TOO_LARGE");
      expect(body.errors).toEqual([{ path: "file", message: "The file is over the 20 MB a file may be" }]);
    }
    expect(await tableCounts(handle)).toEqual(before);
  }, 60_000);

  it("a PDF over the page cap, one with no text, HTML that is only scripts, a binary text file: 422 on `file`, nothing written", async () => {
    await deskAgent("kf-bad");
    const before = await tableCounts(handle);
    const cases: [string, File, string, RegExp][] = [
      [
        "pdf",
        new File([minimalPdf(Array.from({ length: 2_001 }, () => ["x"]))], "long.pdf"),
        "pdf",
        /2,001 pages; a source reads at most 2,000/,
      ],
      ["pdf", new File([minimalPdf([[], []])], "scan.pdf"), "pdf", /no text to answer from/],
      ["pdf", new File(["GIF89a not a pdf"], "fake.pdf"), "pdf", /not a PDF that can be read/],
      ["html", new File(["<html><script>alert(1)</script><style>p{}</style></html>"], "s.html"), "html", /no text/],
      ["text", new File([new Uint8Array([0x66, 0x00, 0x6f])], "nul.txt"), "text", /binary data/],
      ["text", new File([new Uint8Array([0xff, 0xfe, 0x41])], "latin.txt"), "text", /not UTF-8/],
    ];
    for (const [label, file, kind, message] of cases) {
      const refused = await upload("kf-bad", { title: `Bad ${label}`, kind, file });
      expect(refused.status, `${file.name}`).toBe(422);
      const body = await refused.json();
      expect(body.errors, file.name).toEqual([{ path: "file", message: expect.stringMatching(message) }]);
    }
    expect(await tableCounts(handle)).toEqual(before);
  }, 120_000);

  it("HTML nested past the converter's stack is refused on `file` (422) and holds no request thread meanwhile", async () => {
    await deskAgent("kf-deep");
    const before = await tableCounts(handle);
    // 100,000 nested <div>s (1 MB): on the request thread turndown spent 78 s of CPU before its stack
    // gave out; now its depth is read first and it is refused before any conversion starts.
    const page = `${"<div>".repeat(100_000)}Deep${"</div>".repeat(100_000)}`;
    let longestGap = 0;
    let last = Date.now();
    const ticker = setInterval(() => {
      longestGap = Math.max(longestGap, Date.now() - last);
      last = Date.now();
    }, 20);
    const refused = await upload("kf-deep", { title: "Deep", kind: "html", file: new File([page], "deep.html") });
    clearInterval(ticker);
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors).toEqual([
      { path: "file", message: expect.stringMatching(/nested too deeply/) },
    ]);
    expect(longestGap).toBeLessThan(2_000);
    expect(await tableCounts(handle)).toEqual(before);
  }, 120_000);

  it("converts 2 files at once and queues 8: an eleventh upload meanwhile is 503 with Retry-After, nothing written for it", async () => {
    const agent = await deskAgent("kf-busy");
    // 3,000 nested levels take the converter a second or more, so all eleven meet while none is done.
    const page = (i: number) =>
      `<h1>Branch ${i}</h1>${"<div>".repeat(3_000)}<p>Branch ${i} opens at nine.</p>${"</div>".repeat(3_000)}`;
    const answers = await Promise.all(
      Array.from({ length: 11 }, (_, i) =>
        upload("kf-busy", { title: `Branch ${i}`, kind: "html", file: new File([page(i)], `branch-${i}.html`) }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    const busy = answers.find((answer) => answer.status === 503);
    expect(busy, statuses.join(",")).toBeDefined();
    expect(busy?.headers.get("retry-after")).toBe("30");
    const body = await busy?.json();
    expect(body.error).toMatchObject({ code: "UNAVAILABLE", message: expect.stringMatching(/nothing was saved/) });
    const after = await getAgentByKey(handle.db, "kf-busy");
    expect(after?.configVersion).toBe(agent.configVersion + 10);
  }, 300_000);

  it("a JSON body, a form without its file, a field sent twice: refused before anything is read as a source", async () => {
    await deskAgent("kf-form");
    const path = "/api/v1/agents/kf-form/knowledge/files";
    const json = await callWithKey(uploadRoute, "POST", path, { key: "kf-form" }, admin, { title: "T", kind: "text" });
    expect(json.status).toBe(415);
    const noFile = await upload("kf-form", { title: "T", kind: "text" });
    expect(noFile.status).toBe(422);
    expect((await noFile.json()).errors).toContainEqual({ path: "file", message: expect.any(String) });
    const twice = formOf({ title: "T", kind: "text", file: new File(["a"], "a.txt") });
    twice.append("title", "U");
    const duplicated = await callWithForm(uploadRoute, path, { key: "kf-form" }, admin, twice);
    expect(duplicated.status).toBe(400);
    expect((await duplicated.json()).errors).toEqual([{ path: "title", message: expect.any(String) }]);
  });
});
