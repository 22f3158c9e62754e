"use server";

import { SendOperatorReplyInput, type SendReplyResult } from "@/lib/handoffs/inbox-schemas";
import { sendOperatorReply } from "@/lib/handoffs/server/operator-reply";
import { defineAction } from "@/lib/server/define-action";

/** The inbox's reply box: lane 1 first; "Send anyway" carries a reason (docs/handoffs.md#the-inbox). */
export const sendOperatorReplyAction = defineAction(
  { name: "sendOperatorReply", role: "operator", schema: SendOperatorReplyInput },
  (input, { db, actor, requestId }): Promise<SendReplyResult> =>
    sendOperatorReply(db, {
      sessionId: input.session_id,
      text: input.text,
      overrideReason: input.override_reason,
      actor,
      requestId,
    }),
);
