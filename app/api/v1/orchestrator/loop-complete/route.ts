import { loopCompleteRoute } from "@/lib/loops/server/loop-routes";

// POST → loop completion: the rerun decision with its guardrails (one implementation, two paths).
export const POST = loopCompleteRoute;
