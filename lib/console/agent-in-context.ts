/**
 * The agent a person is working on, kept across the instance-wide pages (Loops, Ledger, Jobs, Users):
 * the agent pages carry it in their path, and the console remembers the last one in a cookie so that a
 * global page's agent switcher, and the next "Rules" click, stay on that agent instead of the first.
 */
export const AGENT_IN_CONTEXT_COOKIE = "focal_agent";

// A year: the choice outlives a session; it is only a preference, never trusted for access.
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The agent key in an agent page's path (`/agents/{key}/…`), or null on an instance-wide page. */
export function agentKeyFromPath(pathname: string): string | null {
  const match = /^\/agents\/([^/]+)/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * The agent in context: the one in the path, else the remembered one, else the first. A key that no
 * longer names an agent (deleted, or a mistyped URL) falls through to the next.
 */
export function agentInContext(
  pathname: string,
  remembered: string | null,
  agents: readonly { key: string }[],
): string | null {
  const known = (key: string | null) => (key !== null && agents.some((a) => a.key === key) ? key : null);
  return known(agentKeyFromPath(pathname)) ?? known(remembered) ?? agents[0]?.key ?? null;
}

/** The cookie line that remembers `key` for the whole console. */
export function agentInContextCookie(key: string): string {
  return `${AGENT_IN_CONTEXT_COOKIE}=${encodeURIComponent(key)}; path=/; max-age=${COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
}
