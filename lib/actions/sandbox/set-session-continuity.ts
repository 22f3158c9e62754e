"use server";

import { z } from "zod";
import { setSessionContinuity } from "@/db/queries/sessions";
import { sessionOr404 } from "@/lib/server/access/agent-lookup";
import { defineAction } from "@/lib/server/define-action";
import { AppError } from "@/lib/server/errors";
import { sessionView } from "@/lib/turns/server/views";

/** The sandbox's per-session continuity toggle (docs/continuity.md#when-it-runs). null = follow the flag. */
export const setSessionContinuityAction = defineAction(
  {
    name: "setSessionContinuity",
    role: "designer",
    schema: z.object({ sessionId: z.string().uuid(), enabled: z.boolean().nullable() }),
  },
  async (input, { db }) => {
    const { session, agent } = await sessionOr404(db, input.sessionId);
    const updated = await setSessionContinuity(db, session.id, input.enabled);
    if (!updated) throw new AppError("NOT_FOUND", `No session with id ${input.sessionId}.`);
    return sessionView(db, updated, agent);
  },
);
