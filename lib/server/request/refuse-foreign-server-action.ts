import { isSameOrigin } from "./forwarded-request";

/**
 * A server action is a POST carrying a `Next-Action` header. Next.js's own CSRF check throws on a
 * foreign Origin, which surfaces as a 500 with a digest before defineAction can answer; proxy.ts asks
 * this first so such a request gets a plain 403 instead (the same rule as defineAction: Origin
 * present and naming this host, X-Forwarded-Host only from a trusted proxy).
 */
export function refuseForeignServerAction(request: Request): Response | null {
  if (request.method !== "POST" || !request.headers.has("next-action")) return null;
  if (isSameOrigin(request.headers)) return null;
  return new Response(
    JSON.stringify({
      ok: false,
      code: "FORBIDDEN",
      message: "Refused: a console action must come from the Focal console itself (Origin missing or another site).",
    }),
    { status: 403, headers: { "content-type": "application/json", "cache-control": "no-store" } },
  );
}
