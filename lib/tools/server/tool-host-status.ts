import "server-only";
import { env } from "@/lib/env";
import { refusedAddressReason } from "@/lib/outbound/address-policy";
import { type AllowEntry, checkHost, isIpLiteral, parseAllowedHosts } from "@/lib/outbound/host-allowlist";
import type { ToolHostStatus } from "@/lib/tools/tool-action-schemas";

// The editor's warning under an http tool's URL: the same allowlist decision the tool runner makes
// before any request (lib/outbound/host-allowlist.ts, address-policy.ts), without the DNS step — that one happens
// at run time, and "Try it" shows its verdict.

// Name at most 8 allowed entries in the warning; a longer list is an admin's to read in the config.
const ENTRIES_SHOWN = 8;

function entryText(entry: AllowEntry): string {
  const host = entry.host.includes(":") ? `[${entry.host}]` : entry.host;
  return `${entry.wildcard ? "*." : ""}${host}${entry.port === null ? "" : `:${entry.port}`}`;
}

function allowedList(entries: readonly AllowEntry[]): string {
  if (entries.length === 0) return "FOCAL_TOOL_HOSTS is empty, so no http tool can run here";
  const shown = entries.slice(0, ENTRIES_SHOWN).map(entryText).join(", ");
  const more = entries.length > ENTRIES_SHOWN ? ` and ${entries.length - ENTRIES_SHOWN} more` : "";
  return `allowed: ${shown}${more}`;
}

/**
 * Whether this server may call the host of a tool URL. `{input}` placeholders are filled with "x"
 * first, as the runner fills them before it checks, so a host made of an input is judged by its shape.
 */
export function toolHostStatus(template: string, allowedHosts: string | readonly string[]): ToolHostStatus {
  const entries = parseAllowedHosts(allowedHosts);
  let url: URL;
  try {
    url = new URL(template.trim().replace(/\{[A-Za-z_][A-Za-z0-9_]*\}/g, "x"));
  } catch {
    return { state: "invalid", host: null, message: "Not a complete URL yet: start with https:// and a host name." };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { state: "invalid", host: null, message: `Only http and https URLs can be called, not ${url.protocol}` };
  }
  const host = url.host;
  const decision = checkHost(url, entries);
  if (!decision.allowed) {
    return {
      state: "not_allowed",
      host,
      message: `${host} is not an allowed tool host on this server (${allowedList(entries)}). Calls will be refused until an admin adds it to FOCAL_TOOL_HOSTS.`,
    };
  }
  const why = !decision.exact && isIpLiteral(url.hostname) ? refusedAddressReason(url.hostname) : null;
  if (why) {
    return {
      state: "private",
      host,
      message: `${url.hostname} is a private address (${why}): only a FOCAL_TOOL_HOSTS entry naming it exactly unlocks it, not a wildcard.`,
    };
  }
  return {
    state: "allowed",
    host,
    message: decision.exact
      ? `${host} is an allowed tool host on this server.`
      : `${host} is allowed on this server through a wildcard entry; its addresses are checked at each call.`,
  };
}

/** The allowlist this server's tool runner was started with (lib/server/engine-ports/host-ports.ts). */
export function configuredToolHosts(): string {
  return env().FOCAL_TOOL_HOSTS;
}
