import { loopCompleteRoute } from "@/lib/server/loops/loop-routes";

// POST → loop completion: the rerun decision with its guardrails (one implementation, two paths).
export const POST = loopCompleteRoute;
