import "server-only";
import { approvalSettler } from "@/lib/approvals/server/turn-approval";
import { budgetSettler } from "@/lib/budgets/server/turn-budget";
import { goalSettler } from "@/lib/goals/server/turn-goal";
import { handoffSettler } from "@/lib/handoffs/server/turn-handoff";
import { loopSettler } from "@/lib/loops/server/turn-loops";
import { vaultSettler } from "@/lib/privacy/server/session-vault";
import { reviewSettler } from "@/lib/reviews/server/sample-session";
import { turnRecord } from "./turn-record";
import type { TurnSettler } from "./turn-settler";

/**
 * Every share of a turn's commit, in its order: the only list that names the features a turn settles.
 * The order is the ledger's within the turn's transaction (docs/ledger.md): the goal's verdict
 * (GOAL_REFORMULATION…) comes before the turn's own events (TURN_COMPLETED…), and a handoff's
 * HANDOFF_REQUESTED after them; a budget crossing (on the global chain) last. The goal the goals' settler commits is the one the turn's tape ends on.
 */
export const TURN_SETTLERS: readonly TurnSettler[] = [
  goalSettler,
  turnRecord,
  loopSettler,
  reviewSettler,
  vaultSettler,
  handoffSettler,
  approvalSettler,
  budgetSettler,
];
