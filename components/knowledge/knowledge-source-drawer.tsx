"use client";

import { useMemo } from "react";
import { EditorDrawer } from "@/components/config-editor/editor-drawer";
import type { OpenedEditorProps } from "@/components/config-editor/opened-editor-props";
import { type ConfigSave, configSave, useConfigSave } from "@/components/config-editor/use-config-save";
import { LabelledOptions } from "@/components/ui/select";
import { SelectField } from "@/components/ui/select-field";
import { TextField, textFieldsOf } from "@/components/ui/text-field";
import { createKnowledgeSourceAction } from "@/lib/actions/knowledge/create-knowledge-source";
import { updateKnowledgeSourceAction } from "@/lib/actions/knowledge/update-knowledge-source";
import {
  formOfSource,
  KNOWLEDGE_KINDS,
  type KnowledgeForm,
  type KnowledgeKind,
  knowledgeFormErrors,
  newKnowledgeForm,
  refreshChoices,
  savedKnowledgeForm,
  sourceOfForm,
} from "@/lib/knowledge/knowledge-form";
import type { KnowledgePageData, KnowledgePageSource } from "@/lib/knowledge/knowledge-page";
import type { KnowledgeSourceWritten } from "@/lib/knowledge/knowledge-schemas";
import { uploadKnowledgeFile } from "@/lib/knowledge/upload-knowledge-file";
import { plural } from "@/lib/text/plural";
import { FaqEntriesField } from "./faq-entries-field";
import { KnowledgeFileField } from "./knowledge-file-field";

const CONTENT_HINT: Record<Exclude<KnowledgeKind, "faq">, string> = {
  markdown: "Headings (#, ##) cut it into passages; each passage keeps its heading path.",
  text: "Blank lines cut it into passages.",
  html: "The page as converted to Markdown: headings cut it into passages.",
  pdf: "The file's text as converted: one heading per page, so each passage names its page.",
  url: "The text last fetched from the URL: a refresh replaces it.",
};

interface KnowledgeSourceDrawerProps extends OpenedEditorProps<KnowledgePageData> {
  /** null: a new source (Add source); else the source edited, its form prefilled and its kind fixed. */
  source: KnowledgePageSource | null;
  /** A new source's kind to start from: "url" for Add from a URL. */
  newKind?: KnowledgeKind;
}

/** The Add and Edit source drawer: title, kind, the body the kind takes, and where the source applies. */
export function KnowledgeSourceDrawer(props: KnowledgeSourceDrawerProps) {
  const { data, source: loaded, newKind } = props;
  const initial = useMemo(() => (loaded ? formOfSource(loaded) : newKnowledgeForm(newKind)), [loaded, newKind]);
  const { editor, drawer } = useConfigSave(props, {
    initial,
    discardPrompt: loaded ? "Discard your unsaved changes to this source?" : "Discard this source?",
    formErrorsOf: knowledgeFormErrors,
    draft: (form, at) => {
      const saved = savedKnowledgeForm(form);
      const summary = (written: KnowledgeSourceWritten) =>
        `${written.title}: ${plural(written.passages, "passage")} · v${written.config_version}`;
      const source = { ...sourceOfForm(saved), ...at };
      const file = saved.file;
      if (!loaded && file && "upload" in file) {
        // A file over what the save action carries goes as a file (multipart), at the same version.
        const upload: ConfigSave<KnowledgeForm, KnowledgeSourceWritten> = {
          edit: "createKnowledgeSource",
          input: source,
          file: file.upload,
          send: (extras) =>
            uploadKnowledgeFile(
              at.agent_key,
              { expectedVersion: at.expected_config_version, forceReason: extras.force_tests?.reason },
              { title: source.title, kind: file.kind, scope: source.scope, scope_ref: source.scope_ref },
              file.upload,
            ),
          saved,
          savedText: (written) => `Added ${summary(written)}`,
        };
        return upload;
      }
      return loaded
        ? configSave("updateKnowledgeSource", { ...source, source_key: loaded.key }, updateKnowledgeSourceAction, {
            saved,
            savedText: (written) => `Saved ${summary(written)}`,
          })
        : configSave("createKnowledgeSource", source, createKnowledgeSourceAction, {
            saved,
            savedText: (written) => `Added ${summary(written)}`,
          });
    },
  });
  const { form, update, errors } = editor;
  const field = textFieldsOf({ id: "knowledge", form, update, errors: (key) => errors[key] });

  const scopes = [
    { value: "", label: "Every conversation (GLOBAL)" },
    ...data.scenarios.map((s) => ({ value: s.key, label: `Scenario: ${s.name}` })),
    // A step's scope is set over REST; the select keeps it so an edit does not widen the source.
    ...(loaded?.scope === "STEP" && loaded.scope_ref
      ? [{ value: loaded.scope_ref, label: `Step: ${loaded.scope_ref}` }]
      : []),
  ];
  return (
    <EditorDrawer
      {...drawer}
      noun="knowledge source"
      loadedName={loaded?.key ?? null}
      readOnlyNote="a designer adds sources."
      form={
        <>
          <TextField {...field("title")} label="Title" required placeholder="Returns policy" />
          {loaded || form.kind === "url" ? null : (
            <KnowledgeFileField form={form} update={update} errors={errors.file} disabled={props.readOnly} />
          )}
          {form.file ? null : (
            <SelectField
              {...field("kind")}
              label="Kind"
              hint={loaded ? "A source keeps its kind: add a new source for another." : undefined}
              disabled={loaded !== null}
            >
              <LabelledOptions options={KNOWLEDGE_KINDS} />
            </SelectField>
          )}
          {form.file ? null : form.kind === "url" ? (
            <UrlFields form={form} update={update} errors={errors} />
          ) : form.kind === "faq" ? (
            <FaqEntriesField rows={form.entries} onChange={(entries) => update({ entries })} errors={errors.entries} />
          ) : (
            <TextField
              {...field("content")}
              label="Content"
              required
              multiline
              hint={CONTENT_HINT[form.kind]}
              inputClassName="min-h-72 font-mono text-xs"
              placeholder={"# Returns\n\nItems can be returned within 30 days of delivery…"}
            />
          )}
          <SelectField
            {...field("scenario", "scope")}
            label="Applies in"
            hint="A scenario's source is searched only while the conversation is in that scenario."
          >
            <LabelledOptions options={scopes} />
          </SelectField>
        </>
      }
      tester={<SourceHelp />}
    />
  );
}

/** A url source's address and refresh interval: the server fetches the URL on save (docs/knowledge.md#url-sources). */
function UrlFields({
  form,
  update,
  errors,
}: {
  form: KnowledgeForm;
  update: (patch: Partial<KnowledgeForm>) => void;
  errors: Record<string, string[] | undefined>;
}) {
  const field = textFieldsOf({ id: "knowledge", form, update, errors: (key) => errors[key] });
  return (
    <>
      <TextField
        {...field("url")}
        label="URL"
        required
        hint="A page (HTML, Markdown, text or PDF) or a sitemap of up to 200 pages, on a host in FOCAL_TOOL_HOSTS. Saving fetches it."
        placeholder="https://help.example.com/shipping"
      />
      <SelectField
        {...field("refreshHours", "refresh")}
        errors={errors.refresh_hours}
        label="Refresh"
        hint="A refresh that finds new text saves a new version; the same text saves nothing."
      >
        <LabelledOptions options={refreshChoices(form.refreshHours)} />
      </SelectField>
    </>
  );
}

/** Beside the form: what the agent does with a source, so the first one is pasted in the right shape. */
function SourceHelp() {
  return (
    <div className="space-y-2 rounded-lg border border-border p-4 text-muted-foreground text-sm">
      <p className="font-medium text-foreground">How the agent uses it</p>
      <p>
        The source is cut into passages. On each turn the agent finds the passages closest to the customer's question
        and writes its reply from them, quoting them as data.
      </p>
      <p>
        When no passage answers the question and no scenario or tool covers it, the agent says it does not know instead
        of guessing. Try a question in the playground after saving.
      </p>
    </div>
  );
}
