import { guardrailsStatusRoute } from "@/lib/server/loops/loop-routes";

// GET → the guardrails status of one loop (one implementation, two paths).
export const GET = guardrailsStatusRoute;
