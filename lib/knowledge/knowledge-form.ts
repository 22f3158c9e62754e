import type { BundleKnowledgeSource } from "@/lib/engine/contracts/bundle";
import { fileSizeText, KNOWLEDGE_FILE_MAX_BYTES, KNOWLEDGE_UPLOAD_MAX_BYTES } from "./knowledge-files";

// The Add and Edit source form's state and what it saves (docs/knowledge.md). Client-safe, pure.

export type KnowledgeKind = BundleKnowledgeSource["kind"];

/**
 * An uploaded file, sent as it is and converted on save: an HTML or PDF file of up to 700 KB inside the
 * save action (`data`), any file over that as a file (`upload`, POST …/knowledge/files, up to 20 MB).
 * Markdown and text files of up to 700 KB fill the content box instead.
 */
export type KnowledgeFile =
  | { name: string; size: number; kind: "html" | "pdf" /** The HTML text, or the PDF in base64. */; data: string }
  | { name: string; size: number; kind: Exclude<KnowledgeKind, "faq" | "url">; upload: File };

export interface FaqRow {
  question: string;
  answer: string;
  /** The entry's group heading, kept through an edit (the form does not show it). */
  section?: string;
}

export interface KnowledgeForm {
  title: string;
  kind: KnowledgeKind;
  /** Text and Markdown sources' body. */
  content: string;
  /** FAQ sources' rows. */
  entries: FaqRow[];
  /**
   * "": every conversation (GLOBAL); else the key of the scenario the source is limited to, or
   * "scenario_key/step_key" for a step (set over REST; the console keeps it through an edit).
   */
  scenario: string;
  /** An uploaded HTML or PDF file: saved in place of the content. */
  file: KnowledgeFile | null;
  /** A url source's address (docs/knowledge.md#url-sources). */
  url: string;
  /** A url source's refresh interval in hours, as the select holds it: "" for on demand only. */
  refreshHours: string;
}

/** The refresh intervals the console offers (REST takes any whole 1–720 hours; another one shows as itself). */
const REFRESH_CHOICES: readonly { value: string; label: string }[] = [
  { value: "", label: "Only when I click Refresh" },
  { value: "1", label: "Every hour" },
  { value: "6", label: "Every 6 hours" },
  { value: "24", label: "Every day" },
  { value: "168", label: "Every week" },
];

/** The choices with a source's own interval among them, when it is not one of the offered ones. */
export function refreshChoices(current: string): readonly { value: string; label: string }[] {
  if (REFRESH_CHOICES.some((choice) => choice.value === current)) return REFRESH_CHOICES;
  return [...REFRESH_CHOICES, { value: current, label: `Every ${current} hours` }];
}

/** A url source's host as the table shows it ("help.example.com"); the text itself when it is no URL. */
export function urlHost(url: string): string {
  return URL.canParse(url) ? new URL(url).host : url;
}

/** A fetch time as the table shows it: "2026-12-07 16:05 UTC" (UTC, so server and browser render alike). */
export function fetchTimeText(iso: string): string {
  return `${iso.slice(0, 16).replace("T", " ")} UTC`;
}

export const KNOWLEDGE_KINDS: readonly { value: KnowledgeKind; label: string }[] = [
  { value: "markdown", label: "Markdown" },
  { value: "text", label: "Text" },
  { value: "faq", label: "FAQ" },
  { value: "url", label: "From a URL (a page or a sitemap)" },
];

const KIND_LABELS: Record<KnowledgeKind, string> = {
  markdown: "Markdown",
  text: "Text",
  faq: "FAQ",
  html: "HTML",
  pdf: "PDF",
  url: "URL",
};

/** "PDF · 12 pages", "HTML", "Markdown": a source's kind as the console names it. */
export function knowledgeKindLabel(kind: KnowledgeKind, pages: number | null): string {
  const label = KIND_LABELS[kind];
  return pages === null ? label : `${label} · ${pages} ${pages === 1 ? "page" : "pages"}`;
}

/** What the Upload a file control accepts. */
export const KNOWLEDGE_FILE_ACCEPT = ".md,.markdown,.txt,.html,.htm,.pdf";

/** The kind a file's name says it is, or null for a file the console does not take. */
export function kindOfFileName(name: string): Exclude<KnowledgeKind, "faq" | "url"> | null {
  const extension = name.toLowerCase().split(".").at(-1) ?? "";
  if (extension === "md" || extension === "markdown") return "markdown";
  if (extension === "txt") return "text";
  if (extension === "html" || extension === "htm") return "html";
  return extension === "pdf" ? "pdf" : null;
}

/** Why the file cannot be uploaded, or null. */
export function uploadProblem(name: string, size: number): string | null {
  if (kindOfFileName(name) === null) return `${name} is not a Markdown, text, HTML or PDF file`;
  if (size > KNOWLEDGE_UPLOAD_MAX_BYTES) {
    return `${name} is ${fileSizeText(size)}; a file may be at most ${fileSizeText(KNOWLEDGE_UPLOAD_MAX_BYTES)}`;
  }
  return null;
}

/** Whether the file goes as a file (multipart) rather than inside the save action's 1 MiB body. */
export const sentAsFile = (size: number) => size > KNOWLEDGE_FILE_MAX_BYTES;

/** The file's name without its extension ("Returns policy.pdf" → "Returns policy"): the title it suggests. */
export function titleOfFileName(name: string): string {
  const dot = name.lastIndexOf(".");
  return (dot > 0 ? name.slice(0, dot) : name).trim();
}

export function newKnowledgeForm(kind: KnowledgeKind = "markdown"): KnowledgeForm {
  return {
    title: "",
    kind,
    content: "",
    entries: [{ question: "", answer: "" }],
    scenario: "",
    file: null,
    url: "",
    refreshHours: "",
  };
}

/** The form of a saved source, for its Edit drawer: its kind's body, and one blank FAQ row when it has none. */
export function formOfSource(
  source: Pick<
    BundleKnowledgeSource,
    "title" | "kind" | "content" | "entries" | "scope" | "scope_ref" | "url" | "refresh_hours"
  >,
): KnowledgeForm {
  const entries = source.entries.map(({ question, answer, section }) => ({ question, answer, section }));
  return {
    title: source.title,
    kind: source.kind,
    content: source.content,
    entries: entries.length > 0 ? entries : [{ question: "", answer: "" }],
    scenario: source.scope === "GLOBAL" ? "" : (source.scope_ref ?? ""),
    file: null,
    url: source.url ?? "",
    refreshHours: source.refresh_hours == null ? "" : String(source.refresh_hours),
  };
}

const blankRow = (row: FaqRow) => row.question.trim() === "" && row.answer.trim() === "";

/** The form as it is saved: rows left wholly blank dropped, so the server's row numbers match the rows shown. */
export function savedKnowledgeForm(form: KnowledgeForm): KnowledgeForm {
  return { ...form, entries: form.entries.filter((row) => !blankRow(row)) };
}

/** The source the form saves: a kind carries its own body only (content, FAQ entries, or the uploaded file). */
export function sourceOfForm(form: KnowledgeForm) {
  const scope = {
    scope: !form.scenario
      ? ("GLOBAL" as const)
      : form.scenario.includes("/")
        ? ("STEP" as const)
        : ("SCENARIO" as const),
    scope_ref: form.scenario || null,
  };
  const { file } = form;
  if (file && "data" in file) {
    const data = file.kind === "html" ? { html: file.data } : { pdf_base64: file.data };
    return { title: form.title, kind: file.kind, content: "", entries: [], ...data, ...scope };
  }
  if (file) return { title: form.title, kind: file.kind, content: "", entries: [], ...scope };
  if (form.kind === "url") {
    // No content: the server fetches the URL on every save of the form (docs/knowledge.md#url-sources).
    const refresh_hours = form.refreshHours === "" ? null : Number(form.refreshHours);
    return {
      title: form.title,
      kind: form.kind,
      content: "",
      entries: [],
      url: form.url.trim(),
      refresh_hours,
      ...scope,
    };
  }
  const faq = form.kind === "faq";
  return {
    title: form.title,
    kind: form.kind,
    content: faq ? "" : form.content,
    entries: faq ? form.entries.map((row) => ({ ...row, section: row.section ?? "" })) : [],
    ...scope,
  };
}

/** The server's field errors on the form's fields: a scope problem shows under the scope select, a file's under the upload. */
export function knowledgeFormErrors(fieldErrors: Record<string, string[]>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const field = path.split(".")[0] ?? path;
    const key =
      path === "scope" || path === "scope_ref"
        ? "scenario"
        : field === "html" || field === "pdf_base64" || field === "file"
          ? "file"
          : field;
    errors[key] = [...(errors[key] ?? []), ...messages];
  }
  return errors;
}
