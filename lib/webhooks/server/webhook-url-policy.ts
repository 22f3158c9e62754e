import "server-only";
import { lookup as dnsLookup } from "node:dns/promises";
import { checkHost, isIpLiteral, isPrivateAddress, parseAllowedHosts } from "@/lib/providers/tools/host-policy";

// Which URLs a webhook may be sent to: http(s) only, no credentials in the URL, and — as for http
// tools (lib/providers/tools/host-policy.ts) — no private, loopback, link-local or unique-local
// address, written in the URL or reached through DNS, unless a FOCAL_TOOL_HOSTS entry names that
// exact host. Public hosts need no entry: a webhook goes to a helpdesk the designer names, and Focal
// sends it only Focal's own event. Checked when a webhook is saved and again before every attempt
// (DNS may have changed since).

/**
 * `pinned`: the checked address a request must connect to (a name resolved here), so a second DNS
 * answer cannot send it elsewhere; null for an IP literal or a host an exact entry allows.
 */
export type UrlVerdict = { ok: true; pinned: ResolvedAddress | null } | { ok: false; reason: string };

export interface ResolvedAddress {
  address: string;
  family: number;
}

type Lookup = (hostname: string) => Promise<ResolvedAddress[]>;

// A host that takes longer to resolve is treated as not resolving: 5 s is far above a healthy resolver.
const LOOKUP_TIMEOUT_MS = 5_000;

const defaultLookup: Lookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export async function checkWebhookUrl(
  text: string,
  allowedHosts: string,
  lookup: Lookup = defaultLookup,
): Promise<UrlVerdict> {
  if (!URL.canParse(text)) return { ok: false, reason: "is not a URL" };
  const url = new URL(text);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { ok: false, reason: `uses ${url.protocol.slice(0, -1)}; only http and https URLs can receive webhooks` };
  }
  if (url.username || url.password) return { ok: false, reason: "carries a user name or password" };
  if (checkHost(url, parseAllowedHosts(allowedHosts)).exact) return { ok: true, pinned: null };
  const unlock = "only a FOCAL_TOOL_HOSTS entry naming that exact host allows it";
  if (isIpLiteral(url.hostname)) {
    return isPrivateAddress(url.hostname)
      ? { ok: false, reason: `points to the private address ${url.hostname}; ${unlock}` }
      : { ok: true, pinned: null };
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await withTimeout(lookup(url.hostname), LOOKUP_TIMEOUT_MS);
  } catch (error) {
    const code = (error as { code?: string }).code;
    return { ok: false, reason: `names ${url.hostname}, which does not resolve (${code ?? (error as Error).message})` };
  }
  if (addresses.length === 0) return { ok: false, reason: `names ${url.hostname}, which has no addresses` };
  const inward = addresses.find((a) => isPrivateAddress(a.address));
  if (inward) {
    return {
      ok: false,
      reason: `names ${url.hostname}, which resolves to the private address ${inward.address}; ${unlock}`,
    };
  }
  return { ok: true, pinned: addresses[0] ?? null };
}
