import { HandoffListBody, HandoffListQuery } from "@/lib/handoffs/handoff-schemas";
import { listHandoffs } from "@/lib/handoffs/server/list-handoffs";
import { readQuery } from "@/lib/handoffs/server/read-query";
import { defineRoute } from "@/lib/server/define-route";

// GET /api/v1/handoffs?state=waiting|claimed|closed&agent=&cursor=&limit= → {handoffs, next_cursor}:
// oldest request first, only agents within the caller's grant (docs/handoffs.md).
export const GET = defineRoute({ scope: "handoffs:read", response: HandoffListBody }, async ({ db, request }) =>
  listHandoffs(db, readQuery(request, HandoffListQuery)),
);
