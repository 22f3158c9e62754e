import { describe, expect, it } from "vitest";
import {
  fetchTimeText,
  formOfSource,
  kindOfFileName,
  knowledgeFormErrors,
  knowledgeKindLabel,
  newKnowledgeForm,
  refreshChoices,
  sentAsFile,
  sourceOfForm,
  titleOfFileName,
  uploadProblem,
  urlHost,
} from "./knowledge-form";

// The Add source drawer's upload (docs/knowledge.md#uploaded-files): which files it takes, as what
// kind, and what it sends.

describe("uploaded files in the Add source form", () => {
  it("takes a file's kind from its name, and refuses other files and files over 20 MB", () => {
    expect(["a.md", "b.TXT", "c.htm", "d.html", "Manual.v2.pdf"].map(kindOfFileName)).toEqual([
      "markdown",
      "text",
      "html",
      "html",
      "pdf",
    ]);
    expect(uploadProblem("notes.docx", 10)).toContain("not a Markdown, text, HTML or PDF file");
    expect(uploadProblem("big.pdf", 20 * 1024 * 1024 + 1)).toBe("big.pdf is 20.0 MB; a file may be at most 20.0 MB");
    expect(uploadProblem("ok.pdf", 20 * 1024 * 1024)).toBeNull();
    // Up to 700 KB a file rides in the save action; past it, it is sent as a file.
    expect([700 * 1024, 700 * 1024 + 1].map(sentAsFile)).toEqual([false, true]);
    expect(titleOfFileName("Returns policy.pdf")).toBe("Returns policy");
  });

  it("sends an HTML or PDF file in its own field, in place of the content", () => {
    const form = { ...newKnowledgeForm(), title: "Manual", content: "stale" };
    const pdf = sourceOfForm({ ...form, file: { name: "m.pdf", size: 3, kind: "pdf", data: "JVBE" } });
    expect(pdf).toMatchObject({ kind: "pdf", content: "", entries: [], pdf_base64: "JVBE", scope: "GLOBAL" });
    const html = sourceOfForm({ ...form, file: { name: "h.html", size: 3, kind: "html", data: "<p>x</p>" } });
    expect(html).toMatchObject({ kind: "html", content: "", html: "<p>x</p>" });
    expect(html).not.toHaveProperty("pdf_base64");
    const upload = new File(["# Manual"], "m.md");
    const large = sourceOfForm({ ...form, file: { name: "m.md", size: 2e6, kind: "markdown", upload } });
    expect(large).toEqual({
      title: "Manual",
      kind: "markdown",
      content: "",
      entries: [],
      scope: "GLOBAL",
      scope_ref: null,
    });
  });

  it("shows the server's errors on a file's fields under the upload, and names a PDF's pages", () => {
    expect(knowledgeFormErrors({ pdf_base64: ["The PDF has no text"], html: ["No text"] })).toEqual({
      file: ["The PDF has no text", "No text"],
    });
    expect(knowledgeKindLabel("pdf", 12)).toBe("PDF · 12 pages");
    expect(knowledgeKindLabel("pdf", 1)).toBe("PDF · 1 page");
    expect(knowledgeKindLabel("html", null)).toBe("HTML");
  });
});

describe("Add from a URL", () => {
  it("sends the URL and interval without content, so the server fetches it, and reads a saved source back", () => {
    const form = { ...newKnowledgeForm("url"), title: "Help", url: " https://help.example.com/ ", refreshHours: "24" };
    expect(sourceOfForm(form)).toEqual({
      title: "Help",
      kind: "url",
      content: "",
      entries: [],
      url: "https://help.example.com/",
      refresh_hours: 24,
      scope: "GLOBAL",
      scope_ref: null,
    });
    expect(sourceOfForm({ ...form, refreshHours: "" })).toMatchObject({ refresh_hours: null });
    const saved = formOfSource({
      title: "Help",
      kind: "url",
      content: "# Help",
      entries: [],
      scope: "GLOBAL",
      scope_ref: null,
      url: "https://help.example.com/",
      refresh_hours: 12,
    });
    expect(saved).toMatchObject({ url: "https://help.example.com/", refreshHours: "12" });
    // 12 hours is not offered: the select shows it rather than losing it on the next save.
    expect(refreshChoices("12").at(-1)).toEqual({ value: "12", label: "Every 12 hours" });
    expect(urlHost("https://help.example.com:8443/a?b=c")).toBe("help.example.com:8443");
    expect(fetchTimeText("2026-12-07T16:05:09.000Z")).toBe("2026-12-07 16:05 UTC");
  });
});
