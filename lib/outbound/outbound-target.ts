import { lookup as dnsLookup } from "node:dns/promises";
import type { LookupFunction } from "node:net";
import { ownInterfaceAddresses, refusedAddressReason } from "./address-policy";
import { checkHost, isIpLiteral, parseAllowedHosts } from "./host-allowlist";

// The one outbound address policy: every request Focal makes to a URL someone typed (webhooks, http
// tools; MCP servers, knowledge URLs and OAuth token endpoints go through it too) asks
// `outboundTarget` first and connects with the `lookup` it returns.
//
// The address is judged at connect time: Node hands a name to `lookup` when it opens the socket, and
// the lookup refuses the connection unless every address the name resolves to passes
// address-policy.ts, then answers with exactly those addresses. So the address connected to is the
// address checked, and a DNS answer that changes between a save-time check and the request (rebinding)
// cannot send it inward. An IP literal makes no lookup, so it is judged here, before the request.
// A host that a FOCAL_TOOL_HOSTS entry names exactly may resolve anywhere: the admin vouched for it.

interface ResolvedAddress {
  address: string;
  family: number;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface OutboundPolicy {
  /** FOCAL_TOOL_HOSTS entries. */
  allowedHosts: string | readonly string[];
  /** true: only hosts an entry names may be called (http tools); false: any host with public addresses (webhooks). */
  listedOnly: boolean;
  /** DNS; tests answer here. Default: the system resolver, every address. */
  resolve?: Resolver;
  /** This host's own addresses; tests give them. Default: os.networkInterfaces() at each lookup. */
  ownAddresses?: () => ReadonlySet<string>;
}

/** A connection the policy refused (from `lookup`, surfacing as the request's error). */
export class OutboundRefusedError extends Error {
  readonly code = "EOUTBOUNDREFUSED";
}

export type OutboundTarget =
  | { ok: true; url: URL; lookup: LookupFunction; resolve: Resolver }
  | { ok: false; reason: string };

/** The system resolver (getaddrinfo, as the connection would use), every address in its order. */
export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });
const UNLOCK = "only a FOCAL_TOOL_HOSTS entry naming that exact host allows it";

/** Resolves `hostname` and refuses unless every address passes the policy; the addresses, checked. */
function guardedResolver(resolve: Resolver, own: () => ReadonlySet<string>): Resolver {
  return async (hostname) => {
    const addresses = await resolve(hostname);
    if (addresses.length === 0) throw Object.assign(new Error(`${hostname} has no addresses`), { code: "ENODATA" });
    const ownNow = own();
    for (const { address } of addresses) {
      const why = refusedAddressReason(address, ownNow);
      if (why) {
        throw new OutboundRefusedError(
          `names ${hostname}, which resolves to the private address ${address} (${why}); ${UNLOCK}`,
        );
      }
    }
    return addresses;
  };
}

/** A net `lookup` answering from `resolve`, in the shape Node asks for (one address, or all of them). */
function lookupFrom(resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = wanted ? addresses.filter((a) => a.family === wanted) : addresses;
        const first = usable[0];
        if (!first) {
          callback(Object.assign(new Error(`${hostname} has no IPv${wanted} address`), { code: "ENODATA" }), "", 0);
        } else if (options.all) {
          callback(null, usable);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
}

/**
 * Whether a request to `url` may be made, and the `lookup` its connection must use. Refused: another
 * scheme than http(s), credentials in the URL, a host the list does not name (`listedOnly`), or an IP
 * literal the address policy refuses.
 */
export function outboundTarget(text: string | URL, policy: OutboundPolicy): OutboundTarget {
  if (typeof text === "string" && !URL.canParse(text)) return { ok: false, reason: "is not a URL" };
  const url = new URL(text);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { ok: false, reason: `uses ${url.protocol.slice(0, -1)}; only http and https URLs are allowed` };
  }
  if (url.username || url.password) return { ok: false, reason: "carries a user name or password" };
  const decision = checkHost(url, parseAllowedHosts(policy.allowedHosts));
  if (policy.listedOnly && !decision.allowed) {
    return { ok: false, reason: `names ${url.host}, which is not in the allowed tool hosts (FOCAL_TOOL_HOSTS)` };
  }
  const resolve = policy.resolve ?? systemResolver;
  if (decision.exact) return { ok: true, url, lookup: lookupFrom(resolve), resolve };
  const own = policy.ownAddresses ?? ownInterfaceAddresses;
  if (isIpLiteral(url.hostname)) {
    const why = refusedAddressReason(url.hostname, own());
    if (why) return { ok: false, reason: `points to the private address ${url.hostname} (${why}); ${UNLOCK}` };
  }
  const guarded = guardedResolver(resolve, own);
  return { ok: true, url, lookup: lookupFrom(guarded), resolve: guarded };
}

/**
 * `outboundTarget`, then one resolution of its name through the same check: the early answer a form
 * gives when a URL is saved. The request itself is judged again when it connects.
 */
export async function checkOutboundUrl(
  text: string,
  policy: OutboundPolicy,
): Promise<{ ok: true } | { ok: false; reason: string; refused: boolean }> {
  const target = outboundTarget(text, policy);
  if (!target.ok) return { ok: false, reason: target.reason, refused: true };
  if (isIpLiteral(target.url.hostname)) return { ok: true };
  try {
    await target.resolve(target.url.hostname);
    return { ok: true };
  } catch (error) {
    if (error instanceof OutboundRefusedError) return { ok: false, reason: error.message, refused: true };
    const code = (error as { code?: string }).code;
    return {
      ok: false,
      reason: `names ${target.url.hostname}, which does not resolve (${code ?? (error as Error).message})`,
      refused: false,
    };
  }
}
