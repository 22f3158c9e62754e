import type { BundleKnowledgeSource } from "@/lib/engine/contracts/bundle";

// The Add source form's state and what it saves (docs/knowledge.md). Client-safe, pure.

export type KnowledgeKind = BundleKnowledgeSource["kind"];

export interface FaqRow {
  question: string;
  answer: string;
}

export interface KnowledgeForm {
  title: string;
  kind: KnowledgeKind;
  /** Text and Markdown sources' body. */
  content: string;
  /** FAQ sources' rows. */
  entries: FaqRow[];
  /** "": every conversation (GLOBAL); else the key of the scenario the source is limited to. */
  scenario: string;
}

export const KNOWLEDGE_KINDS: readonly { value: KnowledgeKind; label: string }[] = [
  { value: "markdown", label: "Markdown" },
  { value: "text", label: "Text" },
  { value: "faq", label: "FAQ" },
];

export function newKnowledgeForm(): KnowledgeForm {
  return { title: "", kind: "markdown", content: "", entries: [{ question: "", answer: "" }], scenario: "" };
}

const blankRow = (row: FaqRow) => row.question.trim() === "" && row.answer.trim() === "";

/** The form as it is saved: rows left wholly blank dropped, so the server's row numbers match the rows shown. */
export function savedKnowledgeForm(form: KnowledgeForm): KnowledgeForm {
  return { ...form, entries: form.entries.filter((row) => !blankRow(row)) };
}

/** The source the form saves: a kind carries its own body only (content, or FAQ entries). */
export function sourceOfForm(form: KnowledgeForm) {
  const faq = form.kind === "faq";
  return {
    title: form.title,
    kind: form.kind,
    content: faq ? "" : form.content,
    entries: faq ? form.entries.map((row) => ({ ...row, section: "" })) : [],
    scope: form.scenario ? ("SCENARIO" as const) : ("GLOBAL" as const),
    scope_ref: form.scenario || null,
  };
}

/** The server's field errors on the form's fields: a scope problem shows under the scope select. */
export function knowledgeFormErrors(fieldErrors: Record<string, string[]>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const key = path === "scope" || path === "scope_ref" ? "scenario" : (path.split(".")[0] ?? path);
    errors[key] = [...(errors[key] ?? []), ...messages];
  }
  return errors;
}
