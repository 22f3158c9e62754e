import { MessagesQuery, TranscriptBody } from "@/lib/handoffs/handoff-schemas";
import { readQuery } from "@/lib/handoffs/server/read-query";
import { sessionTranscript } from "@/lib/handoffs/server/session-transcript";
import { defineRoute } from "@/lib/server/define-route";
import { SessionIdParams } from "../../../params";

// GET /api/v1/sessions/{id}/messages?after=&limit= → {session_id, mode, messages, next_cursor, has_more}:
// customer, agent, operator and system messages in order.
export const GET = defineRoute(
  { scope: "handoffs:read", params: SessionIdParams, response: TranscriptBody },
  async ({ db, params, request }) => {
    const query = readQuery(request, MessagesQuery);
    return sessionTranscript(db, { sessionId: params.id, after: query.after, limit: query.limit });
  },
);
