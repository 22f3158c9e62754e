import "server-only";
import { outboundFetch } from "@/lib/outbound/outbound-fetch";
import { OutboundRefusedError, outboundTarget } from "@/lib/outbound/outbound-target";
import { readCappedStream } from "@/lib/server/read-capped-stream";
import { configuredToolHosts } from "@/lib/tools/server/tool-host-status";

// One GET of a knowledge URL (docs/knowledge.md#url-sources) through the outbound policy the http
// tools use (lib/outbound/outbound-target.ts): only a host FOCAL_TOOL_HOSTS names, the address checked
// by the connection's own lookup, redirects never followed, one deadline over DNS, connect, headers and
// body, and a byte cap checked on Content-Length and while streaming. A failure is a sentence about
// the URL, never its query string's values (a signed link's token stays out of messages and the ledger).

export interface UrlFetchLimits {
  /** One request's deadline: twice a tool call's default 5 s, since a page is read once per save or refresh. */
  timeoutMs: number;
  /**
   * One answer's bytes: 8 MiB holds a sitemap of 100,000 short URLs (about 50 bytes each), so an
   * oversized sitemap is refused for its page count, by name, rather than for its bytes.
   */
  maxBytes: number;
}

const URL_FETCH_LIMITS: UrlFetchLimits = { timeoutMs: 10_000, maxBytes: 8 * 1024 * 1024 };

let limitsOverride: UrlFetchLimits | null = null;

/** Tests shorten the deadline and the cap instead of waiting 10 s or sending 8 MiB; undefined restores them. */
export function overrideUrlFetchLimits(limits: Partial<UrlFetchLimits> | undefined): void {
  limitsOverride = limits ? { ...URL_FETCH_LIMITS, ...limits } : null;
}

export function urlFetchLimits(): UrlFetchLimits {
  return limitsOverride ?? URL_FETCH_LIMITS;
}

/** A fetch that gave nothing to read: `message` is shown as is (the field error, the source's status). */
export class UrlFetchFailed extends Error {}

export interface FetchedUrl {
  url: string;
  /** The media type without parameters, lower case ("text/html"); "" when the answer named none. */
  mediaType: string;
  charset: string | null;
  bytes: Buffer;
}

/** The URL as messages name it: scheme, host and path, no query string or fragment. */
export function shownUrl(url: string | URL): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

function contentTypeOf(header: string | null): { mediaType: string; charset: string | null } {
  const [type = "", ...parameters] = (header ?? "").split(";");
  const charset = parameters.map((p) => p.trim().match(/^charset="?([^";]+)"?$/i)?.[1]).find((c) => c !== undefined);
  return { mediaType: type.trim().toLowerCase(), charset: charset?.toLowerCase() ?? null };
}

async function bodyOf(response: Response, shown: string, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  const over = `${shown} answered more than ${(maxBytes / (1024 * 1024)).toLocaleString("en")} MiB, the most a page or sitemap may be`;
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new UrlFetchFailed(over);
  }
  if (!response.body) return Buffer.alloc(0);
  const body = await readCappedStream(response.body, maxBytes);
  if (!body) throw new UrlFetchFailed(over);
  return body;
}

/** GETs `url` under the tool host policy; UrlFetchFailed says why in one sentence when it gives no body. */
export async function fetchKnowledgeUrl(url: string, limits: UrlFetchLimits = urlFetchLimits()): Promise<FetchedUrl> {
  const shown = URL.canParse(url) ? shownUrl(url) : url;
  const target = outboundTarget(url, { allowedHosts: configuredToolHosts(), listedOnly: true });
  if (!target.ok) throw new UrlFetchFailed(`${shown} ${target.reason}`);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  try {
    const response = await outboundFetch(target, {
      method: "GET",
      headers: {
        accept: "text/html, text/markdown, text/plain, application/pdf, application/xml;q=0.9, */*;q=0.1",
        "user-agent": "Focal knowledge fetcher",
      },
      signal: controller.signal,
    });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => undefined);
      const location = response.headers.get("location");
      const to = location && URL.canParse(location, url) ? ` to ${shownUrl(new URL(location, url))}` : "";
      throw new UrlFetchFailed(
        `${shown} answered a redirect (HTTP ${response.status}${to}); redirects are not followed: give the address it points to`,
      );
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new UrlFetchFailed(`${shown} answered HTTP ${response.status}`);
    }
    const bytes = await bodyOf(response, shown, limits.maxBytes);
    return { url, ...contentTypeOf(response.headers.get("content-type")), bytes };
  } catch (error) {
    if (error instanceof UrlFetchFailed) throw error;
    if (controller.signal.aborted) {
      throw new UrlFetchFailed(`${shown} did not answer within ${(limits.timeoutMs / 1000).toLocaleString("en")} s`);
    }
    if (error instanceof OutboundRefusedError) throw new UrlFetchFailed(`${shown} ${error.message}`);
    const code = (error as NodeJS.ErrnoException).code;
    throw new UrlFetchFailed(`${shown} could not be reached (${code ?? "network error"})`);
  } finally {
    clearTimeout(timer);
  }
}
