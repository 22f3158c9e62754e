import { Badge, type BadgeVariant } from "@/components/ui/badge";
import type { WebhookDeliveryBody } from "@/lib/webhooks/webhook-schemas";

// A webhook's latest deliveries: event, state (in words, not only colour), attempts, the last answer.

const STATE_VARIANT: Record<WebhookDeliveryBody["state"], BadgeVariant> = {
  pending: "warning",
  delivered: "success",
  failed: "danger",
};

function utc(iso: string | null): string {
  return iso ? `${iso.slice(0, 19).replace("T", " ")} UTC` : "—";
}

function lastAnswer(delivery: WebhookDeliveryBody): string {
  if (delivery.state === "delivered") return `answered ${delivery.last_status}`;
  const next =
    delivery.state === "pending" && delivery.next_attempt_at ? `; next try ${utc(delivery.next_attempt_at)}` : "";
  return `${delivery.last_error ?? "not tried yet"}${next}`;
}

export function WebhookDeliveries({ deliveries }: { deliveries: WebhookDeliveryBody[] }) {
  if (deliveries.length === 0) {
    return (
      <p className="text-muted-foreground text-xs">
        No deliveries yet: events this webhook subscribes to will show here.
      </p>
    );
  }
  return (
    <ul className="space-y-1" aria-label="Recent deliveries">
      {deliveries.map((delivery) => (
        <li key={delivery.id} className="flex flex-wrap items-center gap-2 text-xs">
          <Badge variant={STATE_VARIANT[delivery.state]}>{delivery.state}</Badge>
          <span className="font-mono">{delivery.event_type}</span>
          <time dateTime={delivery.created_at} className="text-muted-foreground">
            {utc(delivery.created_at)}
          </time>
          <span className="text-muted-foreground">
            {delivery.attempts} {delivery.attempts === 1 ? "attempt" : "attempts"} · {lastAnswer(delivery)}
          </span>
        </li>
      ))}
    </ul>
  );
}
