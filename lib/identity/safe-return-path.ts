// Where sign-in sends the operator afterwards comes from the URL (?next=…), i.e. from whoever wrote
// the link. Only a path on this origin may come back out; anything else gives the console's home.
export const DEFAULT_RETURN_PATH = "/agents";

// A throwaway origin to resolve against: the result must still be on it.
const PROBE_ORIGIN = "http://return-path.invalid";
// Browsers drop tabs and newlines inside URLs and read "\" as "/" ("/\t/evil.example" and
// "/\evil.example" both become "//evil.example"); refuse them, every control (Cc) and invisible
// format (Cf) character and any space rather than guess what a browser will make of them.
// 2,048: far longer than any console path.
const UNSAFE_CHARACTERS = /[\p{Cc}\p{Cf}\p{Z}\s\\]/u;
const MAX_LENGTH = 2048;

/** `next` if it is a path on this origin (normalised: pathname + search + hash), else the fallback. */
export function safeReturnPath(next: unknown, fallback: string = DEFAULT_RETURN_PATH): string {
  if (typeof next !== "string" || next.length === 0 || next.length > MAX_LENGTH) return fallback;
  if (UNSAFE_CHARACTERS.test(next)) return fallback;
  if (!next.startsWith("/") || next.startsWith("//")) return fallback;
  let url: URL;
  try {
    url = new URL(next, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can collapse into a scheme-relative "//host" ("/.//evil.example").
  return path.startsWith("/") && !path.startsWith("//") ? path : fallback;
}

/** The sign-in page, coming back to `returnTo` (when it is safe) afterwards. */
export function signInHref(returnTo: unknown): string {
  return `/sign-in?next=${encodeURIComponent(safeReturnPath(returnTo))}`;
}
