import { guardrailsStatusRoute } from "@/lib/server/loops/loop-routes";

// GET → seed 001 guardrails status of one loop (one implementation, two paths).
export const GET = guardrailsStatusRoute;
