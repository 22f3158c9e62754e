"use client";

import { X } from "lucide-react";
import { type ChangeEvent, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { fileSizeText, KNOWLEDGE_FILE_MAX_BYTES, KNOWLEDGE_UPLOAD_MAX_BYTES } from "@/lib/knowledge/knowledge-files";
import {
  KNOWLEDGE_FILE_ACCEPT,
  type KnowledgeFile,
  type KnowledgeForm,
  kindOfFileName,
  knowledgeKindLabel,
  sentAsFile,
  titleOfFileName,
  uploadProblem,
} from "@/lib/knowledge/knowledge-form";

/** The PDF's bytes in base64, read by the browser (a data: URL without its "data:…;base64," head). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).slice(String(reader.result).indexOf(",") + 1));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    reader.readAsDataURL(file);
  });
}

interface KnowledgeFileFieldProps {
  form: KnowledgeForm;
  update: (patch: Partial<KnowledgeForm>) => void;
  errors?: string[];
  disabled?: boolean;
}

/**
 * Upload a file: a Markdown or text file of up to 700 KB fills the content box (to read and edit before
 * saving); an HTML or PDF file, and any file over 700 KB (up to 20 MB), is sent as it is and converted
 * to Markdown on save (docs/knowledge.md#uploaded-files). The title, when still empty, becomes the file's name.
 */
export function KnowledgeFileField({ form, update, errors, disabled }: KnowledgeFileFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    const kind = kindOfFileName(chosen.name);
    const refused = uploadProblem(chosen.name, chosen.size);
    if (refused || kind === null) {
      setProblem(refused);
      event.target.value = "";
      return;
    }
    setProblem(null);
    setReading(true);
    try {
      const title = form.title.trim() === "" ? titleOfFileName(chosen.name) : form.title;
      if (sentAsFile(chosen.size)) {
        // Over what a save action carries: kept as the browser's File and sent as a file on save.
        update({ title, kind, file: { name: chosen.name, size: chosen.size, kind, upload: chosen }, content: "" });
      } else if (kind === "html" || kind === "pdf") {
        const data = kind === "pdf" ? await base64Of(chosen) : await chosen.text();
        const file: KnowledgeFile = { name: chosen.name, size: chosen.size, kind, data };
        update({ title, kind, file, content: "" });
      } else {
        update({ title, kind, file: null, content: await chosen.text() });
      }
    } catch (error) {
      setProblem(`${chosen.name} could not be read: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setReading(false);
      event.target.value = "";
    }
  }

  function remove() {
    update({ file: null, kind: "markdown" });
    input.current?.focus();
  }

  const { file } = form;
  return (
    <div className="flex flex-col gap-2">
      <FormField
        label="Upload a file"
        htmlFor="knowledge-file"
        errors={[...(problem ? [problem] : []), ...(errors ?? [])]}
        hint={
          reading
            ? "Reading the file…"
            : `Markdown, text, HTML or PDF, up to ${fileSizeText(KNOWLEDGE_UPLOAD_MAX_BYTES)}. HTML and PDF, and files over ${fileSizeText(KNOWLEDGE_FILE_MAX_BYTES)}, are converted to text on save: headings, or one heading per PDF page, cut them into passages.`
        }
      >
        <input
          ref={input}
          id="knowledge-file"
          type="file"
          accept={KNOWLEDGE_FILE_ACCEPT}
          onChange={choose}
          disabled={disabled || reading}
          aria-busy={reading || undefined}
          className="text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-background file:px-2.5 file:py-1 file:text-sm"
        />
      </FormField>
      {file ? (
        <div
          className="flex items-center justify-between gap-2 rounded-md border border-border px-3 py-2 text-sm"
          data-testid="knowledge-file-chosen"
        >
          <span className="min-w-0 truncate">
            <span className="font-medium">{file.name}</span>
            <span className="text-muted-foreground">
              {" "}
              · {knowledgeKindLabel(file.kind, null)} · {fileSizeText(file.size)}
            </span>
          </span>
          <Button type="button" variant="ghost" size="sm" onClick={remove} disabled={disabled}>
            <X aria-hidden="true" />
            Remove file
          </Button>
        </div>
      ) : null}
    </div>
  );
}
