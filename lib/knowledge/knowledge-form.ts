import type { BundleKnowledgeSource } from "@/lib/engine/contracts/bundle";

// The Add and Edit source form's state and what it saves (docs/knowledge.md). Client-safe, pure.

export type KnowledgeKind = BundleKnowledgeSource["kind"];

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
}

export const KNOWLEDGE_KINDS: readonly { value: KnowledgeKind; label: string }[] = [
  { value: "markdown", label: "Markdown" },
  { value: "text", label: "Text" },
  { value: "faq", label: "FAQ" },
];

export function newKnowledgeForm(): KnowledgeForm {
  return { title: "", kind: "markdown", content: "", entries: [{ question: "", answer: "" }], scenario: "" };
}

/** The form of a saved source, for its Edit drawer: its kind's body, and one blank FAQ row when it has none. */
export function formOfSource(
  source: Pick<BundleKnowledgeSource, "title" | "kind" | "content" | "entries" | "scope" | "scope_ref">,
): KnowledgeForm {
  const entries = source.entries.map(({ question, answer, section }) => ({ question, answer, section }));
  return {
    title: source.title,
    kind: source.kind,
    content: source.content,
    entries: entries.length > 0 ? entries : [{ question: "", answer: "" }],
    scenario: source.scope === "GLOBAL" ? "" : (source.scope_ref ?? ""),
  };
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
    entries: faq ? form.entries.map((row) => ({ ...row, section: row.section ?? "" })) : [],
    scope: !form.scenario
      ? ("GLOBAL" as const)
      : form.scenario.includes("/")
        ? ("STEP" as const)
        : ("SCENARIO" as const),
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
