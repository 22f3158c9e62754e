import "server-only";
import type { AgentRow, Database } from "@/db/types";
import type { WebhookWithDeliveries } from "../webhook-schemas";
import { listDeliveries, listWebhooks } from "./webhook-config";

// The settings page's Webhooks section: each webhook with its latest deliveries.

// Ten deliveries a webhook on the page; the REST log has 50.
const DELIVERIES_ON_PAGE = 10;

/** `fullUrls`: the operator is an admin (webhook-url-view.ts); everyone else sees URLs without their query. */
export async function loadWebhooksSection(
  db: Database,
  agent: AgentRow,
  fullUrls: boolean,
): Promise<WebhookWithDeliveries[]> {
  const webhooks = await listWebhooks(db, agent, fullUrls);
  return Promise.all(
    webhooks.map(async (webhook) => ({
      ...webhook,
      deliveries: (await listDeliveries(db, agent, webhook.id)).slice(0, DELIVERIES_ON_PAGE),
    })),
  );
}
