import "server-only";
import { createHash } from "node:crypto";
import { operatorMessagesSince } from "@/db/queries/tape-person";
import type { Database, SessionRow } from "@/db/types";
import type { TapePerson } from "@/lib/engine/replay/tape";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/**
 * What a turn's tape records of a person (docs/replay.md#people-in-the-session): the mode it ran in
 * and the operator messages since the turn before, as ids and hashes. Read only for a turn a person
 * was part of — the session is not the agent's, or a return note waits for it — so an agent-only
 * turn pays no query and its tape reads as before.
 */
export async function tapePersonOf(db: Database, session: SessionRow): Promise<TapePerson | null> {
  if (session.mode === "agent" && session.operatorNote === null) return null;
  const messages = await operatorMessagesSince(db, session.id, session.turnCount - 1);
  return {
    mode: session.mode,
    operator_messages: messages.map((m) => ({ id: m.id, text_sha256: sha256(m.text) })),
  };
}
