import "server-only";
import { insertSetTerms, type KnowledgeSetHead, setLengths, setPassageTerms } from "@/db/queries/knowledge-passages";
import type { DbOrTx } from "@/db/types";
import { setPostingsOf } from "@/lib/engine/knowledge/set-postings";
import { terms } from "@/lib/engine/knowledge/terms";
import { withTitleTerms } from "./knowledge-set";

/**
 * The postings of a set written before they were kept (migration 0040), from its passages' stored
 * terms, as knowledge-set.ts writes them for a new set; its passages' lengths come back. One
 * transaction: a set has lengths only with all its postings. Two processes doing this at once write
 * the same rows, and the second one's are left out.
 */
export async function keepSetPostings(
  db: DbOrTx,
  set: Pick<KnowledgeSetHead, "id" | "textConfig">,
): Promise<Uint8Array> {
  const titles = new Map<string, string[]>();
  const passages = (await setPassageTerms(db, set)).map((row) => {
    let title = titles.get(row.title);
    if (!title) {
      title = terms(row.title);
      titles.set(row.title, title);
    }
    return withTitleTerms(new Map(Object.entries(row.terms)), row.termCount, title);
  });
  const { postings, lengths } = setPostingsOf(passages);
  await db.transaction(async (tx) => {
    await insertSetTerms(
      tx,
      [...postings].map(([term, bytes]) => ({ setId: set.id, term, postings: bytes })),
    );
    await setLengths(tx, set.id, lengths);
  });
  return lengths;
}
