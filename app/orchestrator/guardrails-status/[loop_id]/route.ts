import { guardrailsStatusRoute } from "@/lib/loops/server/loop-routes";

// GET → the guardrails status of one loop (one implementation, two paths).
export const GET = guardrailsStatusRoute;
