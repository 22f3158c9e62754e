import "server-only";
import type { Principal } from "@/lib/server/principal";

// A webhook URL as a reader is shown it. Receivers often take a token in the query string
// (`?token=…`), which lets anyone holding the URL post forged events to them: admins see URLs whole;
// everyone else (agents:read keys, viewers, designers), the ledger and the logs see scheme, host and
// path only.

export function shownWebhookUrl(text: string, full: boolean): string {
  if (full || !URL.canParse(text)) return text;
  const url = new URL(text);
  return `${url.origin}${url.pathname}`;
}

/** Whether a request's caller sees webhook URLs whole: an admin operator or a key with the admin scope. */
export function seesFullWebhookUrls(principal: Principal): boolean {
  if (principal.kind === "operator") return principal.role === "admin";
  return principal.kind === "api_key" && principal.scopes.includes("admin");
}
