"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Mono } from "@/components/ui/mono";
import { submitWithoutReload } from "@/components/ui/submit-keeping-values";
import { TextField } from "@/components/ui/text-field";
import { toast } from "@/components/ui/toaster";
import { importAgentBundleAction } from "@/lib/actions/agents/import-agent-bundle";
import { MAX_BUNDLE_FILE_BYTES } from "@/lib/agents/agent-forms";

// A bundle with hundreds of problems lists the first ones; the count says how many more there are.
const SHOWN_PROBLEMS = 30;

interface Problem {
  path: string;
  message: string;
}

/**
 * Import bundle: a file exported from Focal (or written by hand) is checked as the REST import checks
 * it, every problem listed with its JSON path; nothing is written unless the whole file is valid.
 */
export function ImportBundleDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const state = useBundleImport(onClose);
  const { replace, asNew, newKey, offerReplace, message, problems } = state;
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (next) return;
        state.reset();
        onClose();
      }}
      className="max-w-xl"
      title="Import bundle"
      description={
        <>
          A bundle is one JSON file holding an agent's whole configuration — what <em>Export</em> on an agent's page
          downloads. Nothing is written unless the whole file is valid.
        </>
      }
      submitLabel={asNew ? "Import as a new agent" : replace ? "Replace configuration" : "Import"}
      pending={state.pending}
      submitDisabled={offerReplace && !replace && !(asNew && newKey.trim())}
      onSubmit={submitWithoutReload(() => state.submit())}
    >
      <FormField label="Bundle file" htmlFor="import-bundle-file" required hint="JSON, up to 1 MB.">
        <input
          ref={state.input}
          id="import-bundle-file"
          type="file"
          accept=".json,application/json"
          onChange={(event) => state.choose(event.target.files?.[0] ?? null)}
          className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1 file:font-medium file:text-sm hover:file:bg-accent"
        />
      </FormField>
      {message ? <ImportProblems message={message} problems={problems} /> : null}
      {offerReplace ? (
        <ConflictChoice
          replace={replace}
          asNew={asNew}
          onAsNew={state.setAsNew}
          newKey={newKey}
          onNewKey={state.setNewKey}
        />
      ) : null}
    </FormDialog>
  );
}

/** The dialog's state: the file, the choice after a key conflict, the last refusal; and the import itself. */
function useBundleImport(onClose: () => void) {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [replace, setReplace] = useState(false);
  // After a key conflict: "replace" the agent that has the key, or import as a "new" agent under newKey.
  const [asNew, setAsNew] = useState(false);
  const [newKey, setNewKey] = useState("");
  const [offerReplace, setOfferReplace] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [pending, startImport] = useTransition();

  function reset() {
    setFile(null);
    setReplace(false);
    setAsNew(false);
    setNewKey("");
    setOfferReplace(false);
    setMessage(null);
    setProblems([]);
  }

  function choose(next: File | null) {
    reset();
    setFile(next);
    if (next && next.size > MAX_BUNDLE_FILE_BYTES) {
      setMessage(
        `${next.name} is ${Math.ceil(next.size / 1000)} KB; the console imports files up to 1 MB. Import larger bundles with \`npm run focal -- import <file>\` or POST /api/v1/agents/import.`,
      );
    }
  }

  function submit() {
    if (!file) {
      setMessage("Choose a bundle file (.json) first.");
      input.current?.focus();
      return;
    }
    if (file.size > MAX_BUNDLE_FILE_BYTES) return;
    startImport(async () => {
      const text = await file.text();
      const result = await importAgentBundleAction({
        file_name: file.name,
        text,
        replace: replace && !asNew,
        ...(asNew ? { new_key: newKey.trim() } : {}),
      }).catch(() => null);
      if (!result) {
        setMessage("Could not reach the Focal server: check the connection, then try again.");
        return;
      }
      if (!result.ok) {
        setMessage(result.message);
        setOfferReplace(result.code === "CONFLICT" || offerReplace);
        setProblems(
          Object.entries(result.fieldErrors ?? {})
            .filter(([path]) => path !== "replace" && path !== "new_key")
            .flatMap(([path, messages]) => messages.map((m) => ({ path, message: m }))),
        );
        return;
      }
      const { key, config_version: version, created } = result.data;
      toast.success(`${created ? "Imported" : "Replaced the configuration of"} ${key} · v${version}`);
      reset();
      onClose();
      router.push(`/agents/${key}`);
      router.refresh();
    });
  }

  /** Replace the agent that has the key (false), or import as a new agent under its own key (true). */
  function chooseAsNew(next: boolean) {
    setAsNew(next);
    setReplace(!next);
  }

  const state = { input, replace, asNew, newKey, setNewKey, offerReplace, message, problems, pending };
  return { ...state, reset, choose, submit, setAsNew: chooseAsNew };
}

/** The refusal: its message, and each problem with its JSON path (the first ones, and how many more). */
function ImportProblems({ message, problems }: { message: string; problems: Problem[] }) {
  return (
    <Alert variant="danger" title={problems.length ? message : undefined}>
      {problems.length ? (
        <ul className="mt-1 max-h-64 space-y-1 overflow-y-auto text-xs" data-testid="import-problems">
          {problems.slice(0, SHOWN_PROBLEMS).map((problem) => (
            <li key={`${problem.path}:${problem.message}`}>
              <Mono>{problem.path}</Mono> — {problem.message}
            </li>
          ))}
          {problems.length > SHOWN_PROBLEMS ? <li>…and {problems.length - SHOWN_PROBLEMS} more.</li> : null}
        </ul>
      ) : (
        message
      )}
    </Alert>
  );
}

/** After a key conflict: replace the agent that has the key, or import as a new agent under a key typed here. */
function ConflictChoice(props: {
  replace: boolean;
  asNew: boolean;
  onAsNew: (asNew: boolean) => void;
  newKey: string;
  onNewKey: (key: string) => void;
}) {
  return (
    <fieldset className="space-y-2 text-sm">
      <legend className="sr-only">An agent has this key</legend>
      <label className="flex items-center gap-2">
        <input
          type="radio"
          name="import-conflict"
          checked={props.replace && !props.asNew}
          onChange={() => props.onAsNew(false)}
        />
        Replace its configuration (a new version; the agent's sessions and traces stay)
      </label>
      <label className="flex items-center gap-2">
        <input type="radio" name="import-conflict" checked={props.asNew} onChange={() => props.onAsNew(true)} />
        Import as a new agent
      </label>
      {props.asNew ? (
        <TextField
          id="import-new-key"
          label="Key of the new agent"
          required
          value={props.newKey}
          onChange={props.onNewKey}
          placeholder="e.g. refund-desk-2"
          inputClassName="font-mono"
        />
      ) : null}
    </fieldset>
  );
}
