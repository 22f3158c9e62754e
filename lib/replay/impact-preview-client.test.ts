import { afterEach, describe, expect, it, vi } from "vitest";
import { newKnowledgeForm, sourceOfForm } from "@/lib/knowledge/knowledge-form";
import { fieldErrorsFromIssues, requestImpactPreview } from "./impact-preview-client";

const draft = { edit: "updateRule" as const, input: { agent_key: "refund-desk" } };
const window = { sessions: 200, turns: 2000 };

function ndjsonResponse(lines: unknown[]): Response {
  return new Response(lines.map((l) => `${JSON.stringify(l)}\n`).join(""), {
    headers: { "content-type": "application/x-ndjson" },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("requestImpactPreview", () => {
  it("streams progress, then the result", async () => {
    const result = { changes_config: true, base_config_version: 3, report: {}, stamp: null };
    const fetchMock = vi.fn(async () =>
      ndjsonResponse([
        { type: "progress", done: 1, total: 2 },
        { type: "progress", done: 2, total: 2 },
        { type: "result", result },
      ]),
    );
    vi.stubGlobal("fetch", fetchMock);
    const progress: number[] = [];
    const outcome = await requestImpactPreview("refund-desk", draft, window, {
      signal: new AbortController().signal,
      onProgress: (done) => progress.push(done),
    });
    expect(outcome).toEqual({ kind: "result", preview: result });
    expect(progress).toEqual([1, 2]);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/v1/agents/refund-desk/impact-preview");
    expect(JSON.parse(String(init.body))).toEqual({ ...draft, window });
    expect((init.headers as Record<string, string>).accept).toBe("application/x-ndjson");
  });

  it("sends a draft that carries a file as a multipart form to the file preview, the input's fields beside it", async () => {
    const fetchMock = vi.fn(async () => ndjsonResponse([{ type: "result", result: { changes_config: true } }]));
    vi.stubGlobal("fetch", fetchMock);
    const file = new File(["# Manual"], "manual.md");
    // What the Add source drawer sends for a Markdown file past the 700 KB a save action carries.
    const upload = { name: "manual.md", size: 2e6, kind: "markdown" as const, upload: file };
    const source = sourceOfForm({ ...newKnowledgeForm(), title: "Manual", file: upload });
    const input = { agent_key: "refund-desk", expected_config_version: 7, ...source };
    await requestImpactPreview("refund-desk", { edit: "createKnowledgeSource", input, file }, window, {
      signal: new AbortController().signal,
      onProgress: () => {},
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/v1/agents/refund-desk/knowledge/files/impact-preview");
    const form = init.body as FormData;
    expect(Object.fromEntries([...form.keys()].map((name) => [name, form.get(name)]))).toEqual({
      title: "Manual",
      kind: "markdown",
      scope: "GLOBAL",
      expected_config_version: "7",
      sessions: "200",
      turns: "2000",
      file: expect.any(File),
    });
  });

  it("turns a refused draft into Save's field errors, from a 422 or from the stream", async () => {
    const refusal = {
      error: { code: "VALIDATION", message: "Some fields need attention." },
      errors: [{ path: "enforcement_expression", message: "Syntax error" }],
    };
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify(refusal), { status: 422 }));
    const options = { signal: new AbortController().signal, onProgress: () => undefined };
    expect(await requestImpactPreview("refund-desk", draft, window, options)).toEqual({
      kind: "invalid",
      message: "Some fields need attention.",
      fieldErrors: { enforcement_expression: ["Syntax error"] },
    });
    vi.stubGlobal("fetch", async () =>
      ndjsonResponse([{ type: "error", code: "VALIDATION", message: "No.", errors: [{ path: "name", message: "x" }] }]),
    );
    expect(await requestImpactPreview("refund-desk", draft, window, options)).toMatchObject({
      kind: "invalid",
      fieldErrors: { name: ["x"] },
    });
    vi.stubGlobal("fetch", async () => ndjsonResponse([{ type: "error", code: "CONFLICT", message: "Moved on." }]));
    expect(await requestImpactPreview("refund-desk", draft, window, options)).toEqual({
      kind: "error",
      message: "Moved on.",
    });
  });

  it("answers cancelled when aborted", async () => {
    const abort = new AbortController();
    vi.stubGlobal("fetch", async () => {
      abort.abort();
      throw new DOMException("aborted", "AbortError");
    });
    expect(
      await requestImpactPreview("refund-desk", draft, window, { signal: abort.signal, onProgress: () => {} }),
    ).toEqual({
      kind: "cancelled",
    });
  });

  it("groups issues by field", () => {
    expect(
      fieldErrorsFromIssues([
        { path: "a", message: "1" },
        { path: "a", message: "2" },
      ]),
    ).toEqual({ a: ["1", "2"] });
  });
});
