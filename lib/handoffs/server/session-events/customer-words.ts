import "server-only";
import type { DbOrTx } from "@/db/types";
import { placeholdersIn } from "@/lib/engine/stages/privacy/placeholder";
import { openSessionVault, type SessionVault } from "@/lib/privacy/server/session-vault";

// The customer's own stream shows their own words: what the session stored masked (docs/privacy.md)
// comes back from the session's vault, as the turn answer does (lib/privacy/server/customer-reply.ts).
// A stream stays open across turns, and each turn may add entries: a text holding a placeholder the
// opened vault does not know opens it again once for that text. One still unknown after that (a
// customer who typed "[CARD_9]", a vault without its key) is shown as written.

interface CustomerWords {
  restore(text: string): Promise<string>;
}

export function customerWordsOf(db: DbOrTx, sessionId: string): CustomerWords {
  let vault: Promise<SessionVault> | null = null;
  const open = () => {
    const opening = openSessionVault(db, sessionId);
    vault = opening;
    // A database blip is not kept: the next text tries again.
    opening.catch(() => {
      if (vault === opening) vault = null;
    });
    return opening;
  };
  return {
    async restore(text) {
      const placeholders = placeholdersIn(text);
      if (placeholders.length === 0) return text;
      let current = await (vault ?? open());
      if (placeholders.some((placeholder) => current.realValueOf(placeholder) === undefined)) current = await open();
      return current.restore(text);
    },
  };
}
