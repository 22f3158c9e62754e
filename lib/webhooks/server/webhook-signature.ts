import "server-only";
import { createHmac } from "node:crypto";

/** `v1=` + hex HMAC-SHA256 of "<timestamp>.<body>" under the webhook's secret (docs/webhooks.md). */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}
