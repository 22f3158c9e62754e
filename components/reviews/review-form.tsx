"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { OutcomeBadge } from "@/components/impact-preview/outcome-badge";
import { Alert, NotSavedAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/select";
import { submitWithoutReload } from "@/components/ui/submit-keeping-values";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toaster";
import { saveReviewLabelsAction } from "@/lib/actions/reviews/save-review-labels";
import { STAGE_NAMES } from "@/lib/engine/contracts/turn-outcome";
import {
  errorsByTurn,
  faultValue,
  labelsInput,
  type TurnLabelDraft,
  type Verdict,
} from "@/lib/reviews/review-form-state";
import { SaveReviewLabelsInput } from "@/lib/reviews/review-schemas";
import type { ReviewTurn, SessionReviewView } from "@/lib/reviews/review-views";
import { turnHref } from "@/lib/traces/trace-search";

const VERDICTS: { value: Verdict; label: string }[] = [
  { value: "", label: "Not labelled" },
  { value: "correct", label: "Correct" },
  { value: "wrong", label: "Wrong" },
];

const RESOLUTIONS: { value: string; label: string }[] = [
  { value: "true", label: "Resolved" },
  { value: "false", label: "Not resolved" },
  { value: "", label: "Undecided (stays open)" },
];

function RadioRow<T extends string>({
  name,
  legend,
  options,
  value,
  onChange,
}: {
  name: string;
  legend: string;
  options: { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-3 text-sm">
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <label key={option.value || "none"} className="inline-flex items-center gap-1">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

function TurnCard({
  agentKey,
  turn,
  draft,
  rules,
  errors,
  onChange,
}: {
  agentKey: string;
  turn: ReviewTurn;
  draft: TurnLabelDraft;
  rules: SessionReviewView["rules"];
  errors: string[] | undefined;
  onChange: (draft: TurnLabelDraft) => void;
}) {
  const faultId = `fault-${turn.id}`;
  return (
    <li
      className="flex flex-col gap-2 rounded-lg border border-border p-3"
      data-testid="review-turn"
      data-verdict={draft.verdict || undefined}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">Turn {turn.turnIndex + 1}</span>
        <OutcomeBadge outcome={turn.outcome} />
        <span className="text-muted-foreground text-xs">config v{turn.configVersion}</span>
        <Link href={turnHref(agentKey, turn.id)} className="ml-auto text-xs underline" data-testid="review-turn-trace">
          Open trace
        </Link>
      </div>
      <p className="text-sm">
        <span className="text-muted-foreground">Customer: </span>
        {turn.userMessage}
      </p>
      <p className="text-sm">
        <span className="text-muted-foreground">Agent: </span>
        {turn.response}
      </p>
      <div className="flex flex-wrap items-center gap-4">
        <RadioRow
          name={`verdict-${turn.id}`}
          legend={`Verdict for turn ${turn.turnIndex + 1}`}
          options={VERDICTS}
          value={draft.verdict}
          onChange={(verdict) => onChange({ verdict, fault: verdict === "wrong" ? draft.fault : "" })}
        />
        {draft.verdict === "wrong" ? (
          <div className="flex items-center gap-2">
            <Label htmlFor={faultId} className="whitespace-nowrap">
              At fault
            </Label>
            <NativeSelect
              id={faultId}
              value={draft.fault}
              aria-invalid={errors ? true : undefined}
              onChange={(event) => onChange({ ...draft, fault: event.target.value })}
              data-testid="review-fault"
            >
              <option value="">Pick a rule or stage…</option>
              <optgroup label="Rules">
                {rules.map((rule) => (
                  <option key={rule.key} value={`rule:${rule.key}`}>
                    {rule.name} ({rule.key})
                  </option>
                ))}
              </optgroup>
              <optgroup label="Pipeline stages">
                {STAGE_NAMES.map((stage) => (
                  <option key={stage} value={`stage:${stage}`}>
                    {stage}
                  </option>
                ))}
              </optgroup>
            </NativeSelect>
          </div>
        ) : null}
      </div>
      <FieldError messages={errors} />
    </li>
  );
}

/** A session under review, and whether this operator may label it. */
export interface SessionReviewProps {
  agentKey: string;
  data: SessionReviewView;
  canLabel: boolean;
}

/** The reviewer's labels: a verdict per turn (with what was at fault), the session's resolution, a note. */
export function ReviewForm({ agentKey, data, canLabel }: SessionReviewProps) {
  const router = useRouter();
  const [drafts, setDrafts] = useState<Record<string, TurnLabelDraft>>(() =>
    Object.fromEntries(
      data.turns.map((turn) => [
        turn.id,
        { verdict: turn.label?.verdict ?? "", fault: faultValue(turn.label?.fault ?? null) },
      ]),
    ),
  );
  const [resolution, setResolution] = useState(data.review.resolved === null ? "" : String(data.review.resolved));
  const [note, setNote] = useState(data.review.note ?? "");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, startSave] = useTransition();

  function save() {
    const resolved = resolution === "" ? null : resolution === "true";
    const { input, labelled } = labelsInput(
      data.review.sessionId,
      resolved,
      note,
      data.turns.map((turn) => turn.id),
      drafts,
    );
    const checked = SaveReviewLabelsInput.safeParse(input);
    if (!checked.success) {
      setErrors(errorsByTurn(labelled, checked.error.issues));
      setMessage("Some labels need attention.");
      return;
    }
    startSave(async () => {
      const result = await saveReviewLabelsAction(input);
      if (!result.ok) {
        const issues = Object.entries(result.fieldErrors ?? {}).flatMap(([path, messages]) =>
          messages.map((text) => ({ path, message: text })),
        );
        setErrors(errorsByTurn(labelled, issues));
        setMessage(result.message);
        return;
      }
      setErrors({});
      setMessage(null);
      toast.success(result.data.state === "reviewed" ? "Review saved" : "Labels saved; the review stays open");
      router.refresh();
    });
  }

  return (
    <form
      className="flex flex-col gap-4"
      aria-label="Review labels"
      onSubmit={submitWithoutReload(save)}
      onKeyDown={(event) => {
        // Ctrl/⌘+Enter saves from any control, the textarea included.
        if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          save();
        }
      }}
    >
      {!canLabel ? (
        <Alert variant="info" title="Read only">
          Viewers read reviews; labelling needs the designer role on this agent.
        </Alert>
      ) : null}
      <fieldset disabled={!canLabel || saving} className="flex flex-col gap-4">
        <legend className="sr-only">Turns</legend>
        <ol className="flex flex-col gap-3">
          {data.turns.map((turn) => (
            <TurnCard
              key={turn.id}
              agentKey={agentKey}
              turn={turn}
              draft={drafts[turn.id] ?? { verdict: "", fault: "" }}
              rules={data.rules}
              errors={errors[turn.id]}
              onChange={(draft) => {
                setDrafts((current) => ({ ...current, [turn.id]: draft }));
                setErrors(({ [turn.id]: _, ...rest }) => rest);
              }}
            />
          ))}
        </ol>
        <div className="flex flex-col gap-2 rounded-lg border border-border p-3">
          <span className="font-medium text-sm">The session</span>
          <RadioRow
            name="resolution"
            legend="Was the customer's issue resolved?"
            options={RESOLUTIONS}
            value={resolution}
            onChange={setResolution}
          />
          <Label htmlFor="review-note">Note</Label>
          <Textarea
            id="review-note"
            value={note}
            onChange={(event) => setNote(event.target.value)}
            rows={3}
            maxLength={4000}
            placeholder="What went wrong, or what to change (kept here; the ledger stores only its hash)"
          />
          <FieldError messages={errors.form} />
        </div>
        <NotSavedAlert message={message} />
        <div className="flex items-center gap-3">
          <Button type="submit" pending={saving} data-testid="save-review">
            Save review
          </Button>
          <span className="text-muted-foreground text-xs">Ctrl+Enter saves</span>
        </div>
      </fieldset>
    </form>
  );
}
