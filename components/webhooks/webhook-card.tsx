"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import type { WebhookWithDeliveries } from "@/lib/webhooks/webhook-schemas";
import { deleteWebhook, updateWebhook } from "@/lib/webhooks/webhooks-client";
import { WebhookDeliveries } from "./webhook-deliveries";

// One webhook: its URL and events, the enabled switch and delete (designers), and its latest deliveries.

export function WebhookCard({
  agentKey,
  webhook,
  canEdit,
}: {
  agentKey: string;
  webhook: WebhookWithDeliveries;
  canEdit: boolean;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function run(change: () => Promise<{ ok: true } | { ok: false; message: string }>) {
    startTransition(async () => {
      const answer = await change();
      setError(answer.ok ? null : answer.message);
      if (answer.ok) router.refresh();
    });
  }

  return (
    <li className="space-y-2 rounded-lg border border-border p-3" aria-label={`Webhook ${webhook.url}`}>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 break-all font-mono text-sm">{webhook.url}</code>
        {canEdit ? (
          <span className="flex items-center gap-2 text-sm">
            <Switch
              checked={webhook.enabled}
              disabled={pending}
              aria-label={`Enabled: ${webhook.url}`}
              onCheckedChange={(enabled) => run(() => updateWebhook(agentKey, webhook.id, { enabled }))}
            />
            <span aria-hidden="true">{webhook.enabled ? "Enabled" : "Disabled"}</span>
          </span>
        ) : (
          <Badge variant={webhook.enabled ? "success" : "neutral"}>{webhook.enabled ? "enabled" : "disabled"}</Badge>
        )}
        {canEdit && !confirming ? (
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)} disabled={pending}>
            Delete
          </Button>
        ) : null}
        {canEdit && confirming ? (
          <span className="flex items-center gap-1">
            <Button
              variant="destructive"
              size="sm"
              pending={pending}
              onClick={() => run(() => deleteWebhook(agentKey, webhook.id))}
            >
              Delete with its log
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setConfirming(false)} disabled={pending}>
              Keep
            </Button>
          </span>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-1">
        {webhook.events.map((type) => (
          <Badge key={type}>{type}</Badge>
        ))}
      </div>
      {error ? <Alert variant="danger">{error}</Alert> : null}
      <WebhookDeliveries deliveries={webhook.deliveries} />
    </li>
  );
}
