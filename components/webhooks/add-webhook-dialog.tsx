"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CheckboxFieldset } from "@/components/ui/checkbox-fieldset";
import { DialogFooter } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ShownOnceStep } from "@/components/ui/shown-once-value";
import { submitKeepingValues } from "@/components/ui/submit-keeping-values";
import { TitledDialog } from "@/components/ui/titled-dialog";
import { useApiFormDialog } from "@/components/ui/use-api-form-dialog";
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
  const form = useApiFormDialog();
  const [secret, setSecret] = useState<string | null>(null);
  // What was sent, so a refused form comes back as it was typed.
  const [draft, setDraft] = useState<{ url: string; events: string[] } | null>(null);

  function onSubmit(sent: FormData) {
    const input = { url: String(sent.get("url") ?? ""), events: sent.getAll("events").map(String) };
    form.submit(
      () => createWebhook(agentKey, { ...input, events: input.events as WebhookEventType[], enabled: true }),
      {
        onDone: (body) => {
          setSecret(body.secret);
          setDraft(null);
        },
        onRefused: () => setDraft(input),
        fieldOf: (path) => (path.startsWith("events") ? "events" : path),
        issuesMessage: null,
      },
    );
  }

  function onOpenChange(next: boolean) {
    form.onOpenChange(next);
    if (!next) {
      // The list is reloaded once the secret is put away: reloading while it shows would unmount the
      // empty state's dialog, and the secret with it.
      if (secret) form.router.refresh();
      setSecret(null);
      setDraft(null);
    }
  }

  return (
    <TitledDialog
      open={form.open}
      onOpenChange={onOpenChange}
      trigger={<Button>{label}</Button>}
      title={secret ? "Copy the signing secret now" : "Add webhook"}
      description={
        secret
          ? "This is the only time it is shown. The receiver checks each delivery's Focal-Webhook-Signature with it (docs/webhooks.md)."
          : "Focal POSTs each chosen event to this URL as signed JSON."
      }
    >
      {secret ? (
        <ShownOnceStep
          value={secret}
          label="signing secret"
          testId="new-webhook-secret"
          onDone={() => onOpenChange(false)}
        />
      ) : (
        <form onSubmit={submitKeepingValues(onSubmit)} className="space-y-4" aria-label="Add webhook">
          {form.message ? <Alert variant="danger">{form.message}</Alert> : null}
          <FormField
            label="URL"
            htmlFor="webhook-url"
            errors={form.errors.url}
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
            errors={form.errors.events}
            errorId="webhook-events-error"
          />
          <DialogFooter>
            <Button type="submit" pending={form.pending}>
              Add webhook
            </Button>
          </DialogFooter>
        </form>
      )}
    </TitledDialog>
  );
}
