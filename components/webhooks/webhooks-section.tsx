import { Webhook } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import type { WebhookWithDeliveries } from "@/lib/webhooks/webhook-schemas";
import { AddWebhookDialog } from "./add-webhook-dialog";
import { WebhookCard } from "./webhook-card";

// Settings → Webhooks: the agent's webhooks with their latest deliveries; designers add, switch and
// delete them (docs/webhooks.md).

export function WebhooksSection({
  agentKey,
  webhooks,
  canEdit,
}: {
  agentKey: string;
  webhooks: WebhookWithDeliveries[];
  canEdit: boolean;
}) {
  return (
    <section aria-labelledby="webhooks-title" id="webhooks">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
          <div>
            <CardTitle as="h2" id="webhooks-title">
              Webhooks
            </CardTitle>
            <CardDescription>
              Tell a helpdesk when a conversation is handed to a person, claimed or returned, when an approval is asked
              or decided, and when an operator writes. Signed JSON, retried for 7 hours when the receiver is down.
            </CardDescription>
          </div>
          {canEdit && webhooks.length > 0 ? <AddWebhookDialog agentKey={agentKey} /> : null}
        </CardHeader>
        <CardContent>
          {webhooks.length === 0 ? (
            <EmptyState
              icon={<Webhook />}
              title="No webhooks yet"
              description={
                canEdit
                  ? "Add a URL and the events it should receive; you get its signing secret once."
                  : "A designer can add one here."
              }
              action={canEdit ? <AddWebhookDialog agentKey={agentKey} label="Add the first webhook" /> : undefined}
            />
          ) : (
            <ul className="space-y-3">
              {webhooks.map((webhook) => (
                <WebhookCard key={webhook.id} agentKey={agentKey} webhook={webhook} canEdit={canEdit} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
