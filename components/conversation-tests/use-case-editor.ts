"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useUnsavedChangesGuard } from "@/components/config-editor/use-unsaved-changes-guard";
import { toast } from "@/components/ui/toaster";
import { type CaseForm, type FormErrors, formToCase } from "@/lib/conversation-tests/case-form";
import { deleteTestCase, saveTestCase } from "@/lib/conversation-tests/tests-client";
import { testCaseHref, testsHref } from "@/lib/conversation-tests/tests-href";
import { fieldErrorsFromIssues } from "@/lib/replay/impact-preview-client";

/** The test editor's state: the form, the server's errors by path, save (create or replace) and delete. */
export function useCaseEditor(agentKey: string, loadedKey: string | null, initial: CaseForm) {
  const router = useRouter();
  const [form, setForm] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, startSave] = useTransition();
  const [deleting, startDelete] = useTransition();
  const dirty = JSON.stringify(form) !== JSON.stringify(saved);
  useUnsavedChangesGuard(dirty);

  function update(patch: Partial<CaseForm>) {
    setForm((current) => ({ ...current, ...patch }));
    // Errors name fields and rows by place: an edit of turns or assertions makes theirs stale.
    setErrors((current) =>
      Object.fromEntries(
        Object.entries(current).filter(([path]) => {
          const root = path === "customer_profile" ? "profile" : (path.split(/[.[]/)[0] ?? path);
          return !(root in patch);
        }),
      ),
    );
  }

  function save() {
    const converted = formToCase(form);
    if (!converted.ok) {
      setErrors(converted.fieldErrors);
      setMessage("Some fields need attention.");
      return;
    }
    startSave(async () => {
      const answer = await saveTestCase(agentKey, converted.testCase, loadedKey);
      if (!answer.ok) {
        setErrors(fieldErrorsFromIssues(answer.issues));
        setMessage(answer.message);
        return;
      }
      setErrors({});
      setMessage(null);
      setSaved(form);
      toast.success(`Saved test ${answer.body.key}`);
      if (answer.body.key !== loadedKey) router.replace(testCaseHref(agentKey, answer.body.key));
      router.refresh();
    });
  }

  function remove(onDone: () => void) {
    if (!loadedKey) return;
    startDelete(async () => {
      const answer = await deleteTestCase(agentKey, loadedKey);
      onDone();
      if (!answer.ok) {
        setMessage(answer.message);
        return;
      }
      setSaved(form);
      toast.success(`Deleted test ${loadedKey}`);
      router.push(testsHref(agentKey));
      router.refresh();
    });
  }

  return { form, update, errors, message, dirty, saving, deleting, save, remove };
}
