import { isIP } from "node:net";

// FOCAL_TOOL_HOSTS (docs/decisions.md#tool-output-is-data): the hosts an http tool may call, and the
// hosts any outbound request may reach although their addresses are special-purpose. An entry is
//
//   api.example.com         that host, any port
//   api.example.com:8443    that host, that port only
//   *.example.com           any subdomain of example.com (not example.com itself), any port
//   127.0.0.1:4010, [::1]:4010, 10.0.0.7
//                           an IP literal, with or without a port
//
// Special-purpose addresses (address-policy.ts) are refused — whether written in the URL or reached
// through DNS — unless an entry names that exact host (a wildcard never unlocks them).

export interface AllowEntry {
  host: string;
  port: number | null;
  wildcard: boolean;
}

export interface HostDecision {
  allowed: boolean;
  /** Matched by an entry naming this exact host (not a wildcard): may reach a private address. */
  exact: boolean;
}

function normalizeHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
}

function parseAllowEntry(raw: string): AllowEntry | null {
  const text = raw.trim().toLowerCase();
  if (!text) return null;
  let host = text;
  let port: number | null = null;
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(text);
  if (bracketed?.[1]) {
    host = bracketed[1];
    port = bracketed[2] ? Number(bracketed[2]) : null;
  } else if (isIP(text) === 6) {
    host = text;
  } else {
    const withPort = /^([^:]+):(\d{1,5})$/.exec(text);
    if (withPort?.[1]) {
      host = withPort[1];
      port = Number(withPort[2]);
    }
  }
  if (port !== null && (port < 1 || port > 65_535)) return null;
  const wildcard = host.startsWith("*.");
  host = normalizeHost(wildcard ? host.slice(2) : host);
  if (!host || /[/\s@?#*]/.test(host)) return null;
  return { host, port, wildcard };
}

/** FOCAL_TOOL_HOSTS-style list: comma- or whitespace-separated entries; invalid ones are dropped. */
export function parseAllowedHosts(list: string | readonly string[]): AllowEntry[] {
  const items = typeof list === "string" ? list.split(/[\s,]+/) : list;
  return items.map(parseAllowEntry).filter((e): e is AllowEntry => e !== null);
}

function effectivePort(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === "https:" ? 443 : 80;
}

export function checkHost(url: URL, entries: readonly AllowEntry[]): HostDecision {
  const host = normalizeHost(url.hostname);
  const port = effectivePort(url);
  // Wildcards name domains: "*.0.0.1" must not open 10.0.0.1. IP literals need an exact entry.
  const literal = isIP(host) !== 0;
  let allowed = false;
  for (const entry of entries) {
    if (entry.port !== null && entry.port !== port) continue;
    if (!entry.wildcard && entry.host === host) return { allowed: true, exact: true };
    if (entry.wildcard && !literal && host.endsWith(`.${entry.host}`)) allowed = true;
  }
  return { allowed, exact: false };
}

/** Whether the URL's host is an IP address (the connection makes no DNS lookup for it). */
export function isIpLiteral(hostname: string): boolean {
  return isIP(normalizeHost(hostname)) !== 0;
}
