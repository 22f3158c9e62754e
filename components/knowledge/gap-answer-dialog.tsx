"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { FormDialog } from "@/components/ui/form-dialog";
import { LabelledOptions } from "@/components/ui/select";
import { SelectField } from "@/components/ui/select-field";
import { submitWithoutReload } from "@/components/ui/submit-keeping-values";
import { TextField, textFieldsOf } from "@/components/ui/text-field";
import { toast } from "@/components/ui/toaster";
import { useFormProblems } from "@/components/ui/use-form-problems";
import { addGapAnswerAction } from "@/lib/actions/knowledge/add-gap-answer";
import { AddGapAnswerInput, GAP_ANSWERS_TITLE, type KnowledgeGapGroup } from "@/lib/knowledge/knowledge-gap-schemas";

/** The select's value for "a new FAQ source" (a key never starts with "+"). */
const NEW_SOURCE = "+new";

interface GapAnswerDialogProps {
  agentKey: string;
  group: KnowledgeGapGroup;
  faqSources: { key: string; title: string }[];
  version: number;
  onSaved: (version: number) => void;
  onClose: () => void;
}

/**
 * Add an FAQ entry from a gap: the question prefilled with the group's phrasing, the answer to write,
 * and the FAQ source it joins. One config change, saved at the version the page loaded.
 */
export function GapAnswerDialog({ agentKey, group, faqSources, version, onSaved, onClose }: GapAnswerDialogProps) {
  const router = useRouter();
  const [form, setForm] = useState({ question: group.question, answer: "", target: faqSources[0]?.key ?? NEW_SOURCE });
  const { errors, message, valid, accepted, clear } = useFormProblems();
  const [pending, startSave] = useTransition();

  const update = (patch: Partial<typeof form>) => {
    setForm((current) => ({ ...current, ...patch }));
    clear();
  };

  function save() {
    const input = valid(AddGapAnswerInput, {
      agent_key: agentKey,
      expected_config_version: version,
      question: form.question,
      answer: form.answer,
      target: form.target === NEW_SOURCE ? null : form.target,
    });
    if (!input) return;
    startSave(async () => {
      const added = await accepted(addGapAnswerAction(input));
      if (!added) return;
      toast.success(`Added to ${added.title} · v${added.config_version}`);
      onSaved(added.config_version);
      onClose();
      router.refresh();
    });
  }

  const field = textFieldsOf({ id: "gap", form, update, errors: (key) => errors[key] });
  const targets = [
    ...faqSources.map((s) => ({ value: s.key, label: s.title })),
    { value: NEW_SOURCE, label: `A new FAQ source: ${GAP_ANSWERS_TITLE}` },
  ];
  return (
    <FormDialog
      open
      onOpenChange={(next) => (next ? null : onClose())}
      title="Add an FAQ entry"
      description={`Asked ${group.count === 1 ? "once" : `${group.count} times`}. The entry is a new version of the agent's knowledge; the next customer asking this gets the answer.`}
      label="Add an FAQ entry"
      message={message}
      submitLabel="Add entry"
      pending={pending}
      onSubmit={submitWithoutReload(save)}
    >
      <TextField {...field("question")} label="Question" required />
      <TextField
        {...field("answer")}
        label="Answer"
        required
        multiline
        hint="What the agent should say, as you would write it to the customer."
        inputClassName="min-h-28"
      />
      <SelectField {...field("target")} label="Add to">
        <LabelledOptions options={targets} />
      </SelectField>
    </FormDialog>
  );
}
