"use server";

import { AddInternalNoteInput } from "@/lib/handoffs/inbox-schemas";
import { addInternalNote } from "@/lib/handoffs/server/operator-reply";
import { defineAction } from "@/lib/server/define-action";

/** An internal note on a session: operators see it, the customer never does. */
export const addInternalNoteAction = defineAction(
  { name: "addInternalNote", role: "operator", schema: AddInternalNoteInput },
  (input, { db, actor, requestId }) =>
    addInternalNote(db, { sessionId: input.session_id, text: input.text, actor, requestId }),
);
