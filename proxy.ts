import { type NextRequest, NextResponse } from "next/server";
import { guardRequest } from "@/lib/server/request-guard/guard-request";

// Security headers on every response; the CSP carries a fresh nonce per request, which Next.js
// reads from the request's Content-Security-Policy header and puts on its own script tags.
function contentSecurityPolicy(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // Tailwind and Radix set inline style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export async function proxy(request: NextRequest) {
  // The request guard (lib/server/request-guard/): bad URLs, oversized bodies, unknown API methods,
  // foreign or malformed server actions, unreadable page cursors, all before Next.js routes the request.
  const refused = await guardRequest(
    request,
    request.nextUrl,
    request.headers.get("x-request-id") ?? crypto.randomUUID(),
  );
  if (refused) return refused;
  const nonce = btoa(crypto.randomUUID());
  const csp = contentSecurityPolicy(nonce, process.env.NODE_ENV === "development");
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", csp);
  // Layouts cannot see the URL; the sign-in redirect needs it to come back here.
  requestHeaders.set("x-focal-path", request.nextUrl.pathname + request.nextUrl.search);
  if (!requestHeaders.get("x-request-id")) requestHeaders.set("x-request-id", crypto.randomUUID());

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", csp);
  response.headers.set("x-frame-options", "DENY");
  response.headers.set("x-content-type-options", "nosniff");
  response.headers.set("referrer-policy", "strict-origin-when-cross-origin");
  response.headers.set("permissions-policy", "camera=(), microphone=(), geolocation=()");
  response.headers.set("cross-origin-opener-policy", "same-origin");
  return response;
}

export const config = {
  matcher: [{ source: "/((?!_next/static|_next/image|favicon.ico).*)" }],
};
