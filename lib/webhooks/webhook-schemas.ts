import { z } from "zod";

// Per-agent webhooks (docs/webhooks.md): the one source for the REST bodies and answers, the
// console's form and the OpenAPI document. Client-safe.

export const WEBHOOK_EVENT_TYPES = [
  "handoff.requested",
  "handoff.claimed",
  "handoff.returned",
  "approval.requested",
  "approval.decided",
  "approval.expiring",
  "message.operator",
  "budget.warning",
  "budget.reached",
] as const;
export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

// 2,048 characters: the longest URL every common browser and proxy passes on.
const URL_MAX = 2048;

/** The URL's shape; whether its host may be called is the server's check (webhook-url-policy.ts). */
const WebhookUrl = z
  .string()
  .trim()
  .min(1, "Enter the URL that receives the events.")
  .max(URL_MAX, `At most ${URL_MAX} characters.`)
  .refine((value) => URL.canParse(value), "Not a URL: start with https:// and a host name.")
  .refine((value) => !URL.canParse(value) || /^https?:$/.test(new URL(value).protocol), "Only http and https URLs.")
  .refine((value) => {
    if (!URL.canParse(value)) return true;
    const url = new URL(value);
    return !url.username && !url.password;
  }, "A URL may not carry a user name or password; the signature authenticates Focal.");

const Events = z
  .array(WebhookEventType)
  .min(1, "Subscribe to at least one event.")
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((events) => new Set(events).size === events.length, "An event is listed twice.");

export const CreateWebhookBody = z.strictObject({
  url: WebhookUrl,
  events: Events,
  enabled: z.boolean().default(true),
});
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;

export const UpdateWebhookBody = z
  .strictObject({ url: WebhookUrl.optional(), events: Events.optional(), enabled: z.boolean().optional() })
  .refine((body) => Object.keys(body).length > 0, "Send at least one of url, events, enabled.");
export type UpdateWebhookBody = z.infer<typeof UpdateWebhookBody>;

export const WebhookBody = z.object({
  id: z.string(),
  url: z.string(),
  enabled: z.boolean(),
  events: z.array(WebhookEventType),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookBody = z.infer<typeof WebhookBody>;

/** The create answer: the webhook and its signing secret, shown this once. */
export const CreatedWebhookBody = WebhookBody.extend({ secret: z.string() });
export type CreatedWebhookBody = z.infer<typeof CreatedWebhookBody>;

export const WebhookList = z.object({ webhooks: z.array(WebhookBody) });
export const DeletedWebhookBody = z.object({ deleted: z.string() });

const DELIVERY_STATES = ["pending", "delivered", "failed"] as const;

export const WebhookDeliveryBody = z.object({
  id: z.string(),
  event_id: z.string(),
  event_type: WebhookEventType,
  session_id: z.string().nullable(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  last_response: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type WebhookDeliveryBody = z.infer<typeof WebhookDeliveryBody>;

export const WebhookDeliveryList = z.object({ deliveries: z.array(WebhookDeliveryBody) });

/** The settings page's Webhooks section: each webhook with its latest deliveries. */
export type WebhookWithDeliveries = WebhookBody & { deliveries: WebhookDeliveryBody[] };
