"use client";

import { Copy, Trash2 } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { ConfirmDeleteDialog } from "@/components/config-editor/confirm-delete-dialog";
import { Alert, NotSavedAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { SectionCard } from "@/components/ui/section-card";
import { submitWithoutReload } from "@/components/ui/submit-keeping-values";
import { CONVERSATION_KIND_LABELS, newConversationAssertion } from "@/lib/conversation-tests/assertion-kinds";
import type { CaseForm } from "@/lib/conversation-tests/case-form";
import { testsHref } from "@/lib/conversation-tests/tests-href";
import type { TestEditorOptions } from "@/lib/conversation-tests/tests-workspace";
import { ruleNamesOf } from "@/lib/conversation-tests/tests-workspace";
import { AssertionList } from "./assertion-list";
import { CaseDetailsFields } from "./case-details-fields";
import { CaseRun } from "./case-run";
import { TurnsEditor } from "./turns-editor";
import { useCaseEditor } from "./use-case-editor";

interface TestCaseEditorProps {
  agent: { key: string; name: string };
  /** The case's key as stored; null for a new case (or a duplicate not yet saved). */
  loadedKey: string | null;
  initial: CaseForm;
  options: TestEditorOptions;
  canEdit: boolean;
}

/** One conversation test: its details, turns with their assertions, conversation assertions; save, duplicate, delete, run. */
export function TestCaseEditor({ agent, loadedKey, initial, options, canEdit }: TestCaseEditorProps) {
  const editor = useCaseEditor(agent.key, loadedKey, initial);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { form, errors } = editor;
  const readOnly = !canEdit;
  const firstStep = options.steps[0]?.ref;
  return (
    <form className="space-y-4" data-testid="test-editor" onSubmit={submitWithoutReload(() => editor.save())}>
      <PageHeader
        breadcrumb={
          <>
            <Link href={testsHref(agent.key)} className="hover:underline">
              Tests
            </Link>
            <span aria-hidden="true">›</span>
            <span>{loadedKey ?? "new"}</span>
          </>
        }
        title={loadedKey ? form.name || loadedKey : "New test"}
        description={`${agent.name} · a test case is not configuration: saving it makes no new version.`}
        actions={
          canEdit && loadedKey ? (
            <>
              <Button asChild variant="outline" size="sm">
                <Link href={`${testsHref(agent.key)}/new?from=${encodeURIComponent(loadedKey)}`}>
                  <Copy aria-hidden="true" />
                  Duplicate
                </Link>
              </Button>
              <Button type="button" variant="outline" size="sm" onClick={() => setConfirmDelete(true)}>
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            </>
          ) : null
        }
      />
      {readOnly ? <Alert variant="info">Read-only: designers edit tests.</Alert> : null}
      <SectionCard title="Case">
        <CaseDetailsFields form={form} errors={errors} readOnly={readOnly} update={editor.update} />
      </SectionCard>
      <SectionCard title="Turns" description="The customer's messages in order, and what each turn must do.">
        <TurnsEditor
          turns={form.turns}
          options={options}
          errors={errors}
          readOnly={readOnly}
          onChange={(turns) => editor.update({ turns })}
        />
      </SectionCard>
      <SectionCard title="Whole conversation" description="Assertions over every turn together.">
        <AssertionList
          path="assertions"
          assertions={form.assertions}
          kinds={CONVERSATION_KIND_LABELS}
          fresh={(kind) => newConversationAssertion(kind, firstStep)}
          options={options}
          errors={errors}
          readOnly={readOnly}
          onChange={(assertions) => editor.update({ assertions })}
        />
      </SectionCard>
      <NotSavedAlert message={editor.message} />
      {readOnly ? null : (
        <div className="sticky bottom-0 flex items-center gap-2 border-border border-t bg-background py-3">
          <Button type="submit" pending={editor.saving} data-testid="save-test">
            {loadedKey ? "Save test" : "Create test"}
          </Button>
          <Button asChild variant="ghost">
            <Link href={testsHref(agent.key)}>Back to tests</Link>
          </Button>
          {editor.dirty ? <span className="text-muted-foreground text-xs">Unsaved changes</span> : null}
        </div>
      )}
      {loadedKey ? (
        <CaseRun
          agentKey={agent.key}
          caseKey={loadedKey}
          dirty={editor.dirty}
          canRun={canEdit}
          ruleNames={ruleNamesOf(options)}
        />
      ) : null}
      <ConfirmDeleteDialog
        open={confirmDelete}
        title={`Delete test ${loadedKey}?`}
        description="The case goes from every run and from the save gate. Its past runs keep their reports. There is no undo: duplicate it first to keep a copy."
        confirmLabel="Delete test"
        pending={editor.deleting}
        onConfirm={() => editor.remove(() => setConfirmDelete(false))}
        onCancel={() => setConfirmDelete(false)}
      />
    </form>
  );
}
