// The conversation survives a reload: the session id and token per agent in localStorage, and the
// "why this answer" lines of recent replies (the events stream replays the transcript, not provenance).

/** "Why this answer" of one reply: the names of the rules that applied and the titles of the sources it cites. */
export interface ReplyWhy {
  rules: string[];
  sources: string[];
  /** A url source's address by its title, which the reply links (absent in entries saved before links). */
  links?: Record<string, string>;
}

export interface StoredSession {
  sessionId: string;
  token: string;
  expiresAt: string;
  showWhy: boolean;
  /**
   * Who the session was started for: the customer part of the page's identity token, "" when anonymous.
   * A page that now names someone else (another customer signed in on this browser, or signed out)
   * does not resume it.
   */
  identity: string;
  /** Reply message id (`<turn id>:agent`) → its "why this answer". */
  why: Record<string, ReplyWhy>;
}

/** Where the chat keeps its session: the widget in localStorage, the console's preview in memory. */
export interface SessionStore {
  load(): StoredSession | null;
  save(session: StoredSession): void;
  forget(): void;
}

/** The customer part of an identity token (`v1.<customer>.<expiry>.<signature>`); "" for an anonymous chat. */
export function identityOf(customerToken: string | null): string {
  return customerToken?.split(".")[1] ?? "";
}

export function localSessionStore(agent: string, identity: string): SessionStore {
  return {
    load: () => {
      const stored = loadSession(agent);
      if (stored && stored.identity !== identity) {
        forgetSession(agent);
        return null;
      }
      return stored;
    },
    save: (session) => saveSession(agent, session),
    forget: () => forgetSession(agent),
  };
}

/** 30 replies keep the visible conversation's footers and the entry small (~3 KB, ~5 KB with a few source titles each). */
const WHY_KEPT = 30;

const storageKey = (agent: string) => `focal-widget:${agent}`;

function loadSession(agent: string): StoredSession | null {
  try {
    const raw = window.localStorage.getItem(storageKey(agent));
    if (!raw) return null;
    const stored = JSON.parse(raw) as StoredSession;
    if (typeof stored.sessionId !== "string" || typeof stored.token !== "string") return null;
    if (Date.parse(stored.expiresAt) <= Date.now()) return null;
    return { ...stored, why: storedWhys(stored.why), identity: stored.identity ?? "" };
  } catch {
    return null;
  }
}

/** An entry saved before replies named their sources holds the rule names alone. */
function storedWhys(why: Record<string, ReplyWhy | string[]> | undefined): Record<string, ReplyWhy> {
  const read: Record<string, ReplyWhy> = {};
  for (const [id, entry] of Object.entries(why ?? {})) {
    read[id] = Array.isArray(entry) ? { rules: entry, sources: [] } : entry;
  }
  return read;
}

function saveSession(agent: string, session: StoredSession): void {
  const ids = Object.keys(session.why);
  const why: Record<string, ReplyWhy> = {};
  for (const id of ids.slice(-WHY_KEPT)) why[id] = session.why[id] ?? { rules: [], sources: [] };
  try {
    window.localStorage.setItem(storageKey(agent), JSON.stringify({ ...session, why }));
  } catch {
    // Storage full or blocked (private mode): the chat works, it only will not survive a reload.
  }
}

function forgetSession(agent: string): void {
  try {
    window.localStorage.removeItem(storageKey(agent));
  } catch {
    // Blocked storage holds nothing to forget.
  }
}
