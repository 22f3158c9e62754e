"use client";

import { useEffect, useRef, useState, useTransition } from "react";
import { importOpenApi } from "@/lib/tools/openapi/openapi-import-client";
import type { ImportOpenApiResult } from "@/lib/tools/openapi/openapi-import-schemas";

// The dialog's state: the document's text, the operations read from it, the picks, the credential
// and server URL, the preview (a dry run after each change), the import; the server's problems by
// their path, so each shows beside its control.

type Problems = { path: string; message: string }[];

export interface OpenApiImportDraft {
  text: string;
  picked: string[];
  credential: string;
  baseUrl: string;
}

const EMPTY: OpenApiImportDraft = { text: "", picked: [], credential: "", baseUrl: "" };

function bodyOf(draft: OpenApiImportDraft, dryRun: boolean, picked = draft.picked) {
  return {
    document: draft.text,
    operations: picked,
    ...(draft.credential ? { credential: draft.credential } : {}),
    ...(draft.baseUrl.trim() ? { base_url: draft.baseUrl.trim() } : {}),
    dry_run: dryRun,
  };
}

export function useOpenApiImport(agentKey: string, onImported: (result: ImportOpenApiResult) => void) {
  const [draft, setDraft] = useState<OpenApiImportDraft>(EMPTY);
  const [listed, setListed] = useState<ImportOpenApiResult | null>(null);
  const [preview, setPreview] = useState<ImportOpenApiResult | null>(null);
  const [problems, setProblems] = useState<{ message: string; issues: Problems } | null>(null);
  const [reading, startRead] = useTransition();
  const [previewing, startPreview] = useTransition();
  const [importing, startImport] = useTransition();
  const asked = useRef(0);

  function read() {
    startRead(async () => {
      const answer = await importOpenApi(agentKey, bodyOf(draft, true, []));
      setPreview(null);
      if (answer.ok) {
        setListed(answer.body);
        setProblems(null);
        setDraft((d) => ({ ...d, picked: [] }));
      } else {
        setListed(null);
        setProblems({ message: answer.message, issues: answer.issues });
      }
    });
  }

  // Each change of the picks, credential or server URL previews again; an older answer is dropped.
  const { picked, credential, baseUrl } = draft;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the preview follows the picks, credential and server URL; the text needs Read again
  useEffect(() => {
    if (!listed || picked.length === 0) {
      setPreview(null);
      return;
    }
    const ask = ++asked.current;
    startPreview(async () => {
      const answer = await importOpenApi(agentKey, bodyOf(draft, true));
      if (ask !== asked.current) return;
      setPreview(answer.ok ? answer.body : null);
      setProblems(answer.ok ? null : { message: answer.message, issues: answer.issues });
    });
  }, [listed, picked, credential, baseUrl]);

  function submit() {
    startImport(async () => {
      const answer = await importOpenApi(agentKey, bodyOf(draft, false));
      if (!answer.ok) {
        setProblems({ message: answer.message, issues: answer.issues });
        return;
      }
      setDraft(EMPTY);
      setListed(null);
      setPreview(null);
      setProblems(null);
      onImported(answer.body);
    });
  }

  /** The problems at this path (or under it, when `prefix`). */
  const problemsAt = (path: string, prefix = false) =>
    (problems?.issues ?? [])
      .filter((issue) => issue.path === path || (prefix && issue.path.startsWith(path)))
      .map((issue) => (issue.path === path ? issue.message : `${issue.path}: ${issue.message}`));

  return {
    draft,
    setDraft,
    listed,
    preview,
    problems,
    problemsAt,
    read,
    submit,
    reading,
    previewing,
    importing,
  };
}
