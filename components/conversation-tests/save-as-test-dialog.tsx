"use client";

import { useQuery } from "@tanstack/react-query";
import { FlaskConical } from "lucide-react";
import Link from "next/link";
import { useState, useTransition } from "react";
import { Alert, NotSavedAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { submitWithoutReload } from "@/components/ui/submit-keeping-values";
import { TitledDialog } from "@/components/ui/titled-dialog";
import { toast } from "@/components/ui/toaster";
import type { FormErrors } from "@/lib/conversation-tests/case-form";
import {
  keepAll,
  keptCount,
  proposalPath,
  type Selection,
  selectedCase,
} from "@/lib/conversation-tests/proposal-selection";
import { bodyOrThrow, getTestProposal, saveTestCase, testQueryKeys } from "@/lib/conversation-tests/tests-client";
import { testCaseHref } from "@/lib/conversation-tests/tests-href";
import type { BundleTestCase } from "@/lib/engine/contracts/test-case";
import { fieldErrorsFromIssues } from "@/lib/replay/impact-preview-client";
import { ProposalForm, type ProposalNames } from "./proposal-form";

interface SaveAsTestDialogProps {
  agentKey: string;
  sessionId: string;
  /** "Save as test" in the Sandbox; "Save this session as a test" on a trace. */
  label: string;
  /** A crowded header (the Sandbox's): the label only on wide screens, the icon and its title below. */
  compact?: boolean;
}

function ProposalEditor({
  agentKey,
  proposal,
  onSaved,
}: {
  agentKey: string;
  proposal: BundleTestCase;
  onSaved: (key: string) => void;
}) {
  const [names, setNames] = useState<ProposalNames>({ key: proposal.key, name: proposal.name, suite: proposal.suite });
  const [selection, setSelection] = useState<Selection>(() => keepAll(proposal));
  const [errors, setErrors] = useState<FormErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, startSave] = useTransition();
  const { kept, total } = keptCount(selection);

  function save() {
    startSave(async () => {
      const answer = await saveTestCase(agentKey, selectedCase(proposal, selection, names), null);
      if (!answer.ok) {
        // The server numbers the kept assertions; the dialog shows every proposed one.
        const issues = answer.issues.map((i) => ({ ...i, path: proposalPath(proposal, selection, i.path) }));
        setErrors(fieldErrorsFromIssues(issues));
        setMessage(answer.message);
        return;
      }
      toast.success(`Saved test ${answer.body.key}`);
      onSaved(answer.body.key);
    });
  }

  return (
    <form className="space-y-4" onSubmit={submitWithoutReload(save)}>
      <ProposalForm
        proposal={proposal}
        names={names}
        onNames={(next) => {
          setNames(next);
          setErrors({});
        }}
        selection={selection}
        onSelection={setSelection}
        errors={errors}
      />
      <NotSavedAlert message={message} />
      <DialogFooter className="items-center">
        <span className="mr-auto text-muted-foreground text-xs">
          Keeping {kept} of {total} proposed assertions
        </span>
        <Button type="submit" pending={saving} data-testid="save-proposal">
          Save test
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Saves a stored session as a test case: the proposal read from its trace, each assertion kept or dropped. */
export function SaveAsTestDialog({ agentKey, sessionId, label, compact = false }: SaveAsTestDialogProps) {
  const [open, setOpen] = useState(false);
  const [savedKey, setSavedKey] = useState<string | null>(null);
  const proposal = useQuery({
    queryKey: testQueryKeys.proposal(sessionId),
    queryFn: async () => (await bodyOrThrow(getTestProposal(sessionId))).test,
    enabled: open,
    staleTime: 0,
    gcTime: 0,
  });
  return (
    <TitledDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setSavedKey(null);
      }}
      trigger={
        <Button type="button" variant="outline" data-testid="save-as-test" title={label}>
          <FlaskConical aria-hidden="true" />
          <span className={compact ? "sr-only 2xl:not-sr-only" : undefined}>{label}</span>
        </Button>
      }
      title="Save this conversation as a test"
      description="Each turn's message and recorded answers are kept; the assertions below are what the turns did. Untick what should be free to change."
      className="max-w-2xl"
      testId="save-as-test-dialog"
    >
      {savedKey ? (
        <Alert variant="success" title="Test saved">
          <Link href={testCaseHref(agentKey, savedKey)} className="underline" data-testid="saved-test-link">
            Open test {savedKey}
          </Link>{" "}
          to edit it, or run the suite from the Tests page.
        </Alert>
      ) : proposal.isPending ? (
        <Skeleton className="h-40" />
      ) : proposal.error ? (
        <Alert variant="danger" title="No proposal">
          {proposal.error.message} Send a message first, then try again.
        </Alert>
      ) : (
        <ProposalEditor
          key={proposal.dataUpdatedAt}
          agentKey={agentKey}
          proposal={proposal.data}
          onSaved={setSavedKey}
        />
      )}
    </TitledDialog>
  );
}
