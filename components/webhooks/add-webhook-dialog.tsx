"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CheckboxFieldset } from "@/components/ui/checkbox-fieldset";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ShownOnceStep } from "@/components/ui/shown-once-value";
import { submitKeepingValues } from "@/components/ui/submit-keeping-values";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/lib/webhooks/webhook-schemas";
import { createWebhook } from "@/lib/webhooks/webhooks-client";

// Add a webhook: its URL and events. The answer holds the signing secret, shown here once.

const EVENT_HINTS: Record<WebhookEventType, string> = {
  "handoff.requested": "a conversation asks for a person",
  "handoff.claimed": "a person takes it",
  "handoff.returned": "the person hands it back",
  "approval.requested": "a tool call waits for approval",
  "approval.decided": "the approval was given or refused",
  "budget.warning": "the agent has spent 80% of a daily or monthly budget",
  "budget.reached": "the agent has spent a whole budget; its action applies",
  "approval.expiring": "an approval expires within 5 minutes",
  "message.operator": "an operator wrote to the customer (the text is sent)",
};

export function AddWebhookDialog({ agentKey, label = "Add webhook" }: { agentKey: string; label?: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, startTransition] = useTransition();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  // What was sent, so a refused form comes back as it was typed.
  const [draft, setDraft] = useState<{ url: string; events: string[] } | null>(null);

  function onSubmit(form: FormData) {
    const input = { url: String(form.get("url") ?? ""), events: form.getAll("events").map(String) };
    startTransition(async () => {
      const answer = await createWebhook(agentKey, {
        ...input,
        events: input.events as WebhookEventType[],
        enabled: true,
      });
      if (answer.ok) {
        setSecret(answer.body.secret);
        setDraft(null);
        setErrors({});
        setMessage(null);
        return;
      }
      setDraft(input);
      const byPath: Record<string, string[]> = {};
      for (const issue of answer.issues) {
        const path = issue.path.startsWith("events") ? "events" : issue.path;
        byPath[path] = [...(byPath[path] ?? []), issue.message];
      }
      setErrors(byPath);
      setMessage(answer.issues.length > 0 ? null : answer.message);
    });
  }

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      // The list is reloaded once the secret is put away: reloading while it shows would unmount the
      // empty state's dialog, and the secret with it.
      if (secret) router.refresh();
      setSecret(null);
      setDraft(null);
      setErrors({});
      setMessage(null);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>{label}</Button>
      </DialogTrigger>
      <DialogContent>
        {secret ? (
          <>
            <DialogHeader>
              <DialogTitle>Copy the signing secret now</DialogTitle>
              <DialogDescription>
                This is the only time it is shown. The receiver checks each delivery's Focal-Webhook-Signature with it
                (docs/webhooks.md).
              </DialogDescription>
            </DialogHeader>
            <ShownOnceStep
              value={secret}
              label="signing secret"
              testId="new-webhook-secret"
              onDone={() => onOpenChange(false)}
            />
          </>
        ) : (
          <form onSubmit={submitKeepingValues(onSubmit)} className="space-y-4" aria-label="Add webhook">
            <DialogHeader>
              <DialogTitle>Add webhook</DialogTitle>
              <DialogDescription>Focal POSTs each chosen event to this URL as signed JSON.</DialogDescription>
            </DialogHeader>
            {message ? <Alert variant="danger">{message}</Alert> : null}
            <FormField
              label="URL"
              htmlFor="webhook-url"
              errors={errors.url}
              hint="http or https; private and loopback addresses only when an admin allowed them (FOCAL_TOOL_HOSTS)."
              required
            >
              <Input
                id="webhook-url"
                name="url"
                type="url"
                placeholder="https://helpdesk.example.com/focal"
                defaultValue={draft?.url}
                required
              />
            </FormField>
            <CheckboxFieldset
              legend="Events"
              name="events"
              describedBy="webhook-events-error"
              gridClassName="grid gap-1"
              options={WEBHOOK_EVENT_TYPES.map((type) => ({
                value: type,
                label: (
                  <>
                    <span className="font-mono text-xs">{type}</span>
                    <span className="text-muted-foreground text-xs">{EVENT_HINTS[type]}</span>
                  </>
                ),
                checked: draft ? draft.events.includes(type) : type === "handoff.requested",
              }))}
              errors={errors.events}
              errorId="webhook-events-error"
            />
            <DialogFooter>
              <Button type="submit" pending={pending}>
                Add webhook
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
