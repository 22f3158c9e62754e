import "server-only";
import { randomBytes } from "node:crypto";
import {
  agentWebhook,
  deleteWebhookRow,
  insertWebhook,
  latestDeliveries,
  listAgentWebhooks,
  updateWebhookRow,
} from "@/db/queries/webhooks";
import type { AgentRow, Database, WebhookRow } from "@/db/types";
import { AppError } from "@/lib/server/errors";
import { appendLedgerEvent } from "@/lib/server/ledger/append-ledger-event";
import type { Actor } from "@/lib/server/ledger/event-types";
import type {
  CreatedWebhookBody,
  CreateWebhookBody,
  UpdateWebhookBody,
  WebhookBody,
  WebhookDeliveryBody,
  WebhookEventType,
} from "../webhook-schemas";
import { checkWebhookUrl } from "./webhook-url-policy";
import { shownWebhookUrl } from "./webhook-url-view";

// A webhook's create, change and delete, each in one transaction with its ledger event
// (WEBHOOK_CREATED / _UPDATED / _DELETED on the global chain). The ledger records the URL without
// its query string — a receiver's token often rides there — and never the secret.

// whsec_ + 32 random bytes: 256 bits, as long as the HMAC-SHA256 key it is used as.
const SECRET_PREFIX = "whsec_";
// The delivery log shows the latest 50 of a webhook: a day of handoffs on a busy agent.
const DELIVERIES_SHOWN = 50;

interface ChangeContext {
  actor: Actor;
  requestId: string;
  /** Whether the caller is an admin, who sees URLs whole (webhook-url-view.ts); unset: not. */
  fullUrls?: boolean;
}

function view(row: WebhookRow, fullUrls: boolean): WebhookBody {
  return {
    id: row.id,
    url: shownWebhookUrl(row.url, fullUrls),
    enabled: row.enabled,
    events: row.events as WebhookEventType[],
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the ledger keeps of a URL: scheme, host and path. */
const ledgerUrl = (text: string) => shownWebhookUrl(text, false);

/** Refuses (422 naming `url`, nothing written) a URL the delivery would refuse. */
async function assertDeliverableUrl(url: string): Promise<void> {
  const verdict = await checkWebhookUrl(url);
  if (!verdict.ok) {
    throw new AppError("VALIDATION", `This URL cannot receive webhooks: it ${verdict.reason}.`, [
      { path: "url", message: `The URL ${verdict.reason}.` },
    ]);
  }
}

async function webhookOr404(db: Database, agent: AgentRow, id: string): Promise<WebhookRow> {
  const row = await agentWebhook(db, agent.id, id);
  if (!row) throw new AppError("NOT_FOUND", `No webhook ${id} on agent ${agent.key}.`);
  return row;
}

export async function listWebhooks(db: Database, agent: AgentRow, fullUrls: boolean): Promise<WebhookBody[]> {
  return (await listAgentWebhooks(db, agent.id)).map((row) => view(row, fullUrls));
}

export async function createWebhook(
  db: Database,
  agent: AgentRow,
  input: CreateWebhookBody,
  ctx: ChangeContext,
): Promise<CreatedWebhookBody> {
  // Checked before the transaction: a DNS lookup is no reason to hold one open.
  await assertDeliverableUrl(input.url);
  const secret = SECRET_PREFIX + randomBytes(32).toString("base64url");
  const row = await db.transaction(async (tx) => {
    const inserted = await insertWebhook(tx, agent.id, {
      url: input.url,
      secret,
      enabled: input.enabled,
      events: input.events,
      createdBy: ctx.actor.name,
    });
    await appendLedgerEvent(tx, {
      type: "WEBHOOK_CREATED",
      actor: ctx.actor,
      agentId: agent.id,
      requestId: ctx.requestId,
      payload: {
        agent_key: agent.key,
        webhook_id: inserted.id,
        url: ledgerUrl(input.url),
        events: input.events,
        enabled: input.enabled,
      },
    });
    return inserted;
  });
  return { ...view(row, ctx.fullUrls ?? false), secret };
}

export async function updateWebhook(
  db: Database,
  agent: AgentRow,
  id: string,
  input: UpdateWebhookBody,
  ctx: ChangeContext,
): Promise<WebhookBody> {
  const before = await webhookOr404(db, agent, id);
  if (input.url !== undefined && input.url !== before.url) await assertDeliverableUrl(input.url);
  const diff: Record<string, { before: unknown; after: unknown }> = {};
  if (input.url !== undefined && input.url !== before.url) {
    diff.url = { before: ledgerUrl(before.url), after: ledgerUrl(input.url) };
  }
  if (input.events !== undefined && input.events.join() !== before.events.join()) {
    diff.events = { before: before.events, after: input.events };
  }
  if (input.enabled !== undefined && input.enabled !== before.enabled) {
    diff.enabled = { before: before.enabled, after: input.enabled };
  }
  if (Object.keys(diff).length === 0) return view(before, ctx.fullUrls ?? false);
  const row = await db.transaction(async (tx) => {
    const updated = await updateWebhookRow(tx, id, input);
    if (!updated) throw new AppError("NOT_FOUND", `No webhook ${id} on agent ${agent.key}.`);
    await appendLedgerEvent(tx, {
      type: "WEBHOOK_UPDATED",
      actor: ctx.actor,
      agentId: agent.id,
      requestId: ctx.requestId,
      payload: { agent_key: agent.key, webhook_id: id, diff },
    });
    return updated;
  });
  return view(row, ctx.fullUrls ?? false);
}

export async function deleteWebhook(db: Database, agent: AgentRow, id: string, ctx: ChangeContext): Promise<void> {
  const row = await webhookOr404(db, agent, id);
  await db.transaction(async (tx) => {
    await deleteWebhookRow(tx, row.id);
    await appendLedgerEvent(tx, {
      type: "WEBHOOK_DELETED",
      actor: ctx.actor,
      agentId: agent.id,
      requestId: ctx.requestId,
      payload: { agent_key: agent.key, webhook_id: row.id, url: ledgerUrl(row.url) },
    });
  });
}

export async function listDeliveries(db: Database, agent: AgentRow, id: string): Promise<WebhookDeliveryBody[]> {
  const webhook = await webhookOr404(db, agent, id);
  const rows = await latestDeliveries(db, webhook.id, DELIVERIES_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    event_id: row.eventId,
    event_type: row.eventType as WebhookEventType,
    session_id: row.sessionId,
    state: row.state as WebhookDeliveryBody["state"],
    attempts: row.attempts,
    last_status: row.lastStatus,
    last_error: row.lastError,
    last_response: row.lastResponse,
    created_at: row.createdAt.toISOString(),
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  }));
}
