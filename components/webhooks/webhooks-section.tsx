import { Webhook } from "lucide-react";
import { CardListSection } from "@/components/ui/card-list-section";
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
    <CardListSection
      id="webhooks"
      title="Webhooks"
      description="Tell a helpdesk when a conversation is handed to a person, claimed or returned, when an approval is asked or decided, and when an operator writes. Signed JSON, retried for 7 hours when the receiver is down."
      add={canEdit ? <AddWebhookDialog agentKey={agentKey} /> : null}
      empty={
        webhooks.length > 0
          ? null
          : {
              icon: <Webhook />,
              title: "No webhooks yet",
              description: canEdit
                ? "Add a URL and the events it should receive; you get its signing secret once."
                : "A designer can add one here.",
              action: canEdit ? <AddWebhookDialog agentKey={agentKey} label="Add the first webhook" /> : undefined,
            }
      }
    >
      <ul className="space-y-3">
        {webhooks.map((webhook) => (
          <WebhookCard key={webhook.id} agentKey={agentKey} webhook={webhook} canEdit={canEdit} />
        ))}
      </ul>
    </CardListSection>
  );
}
