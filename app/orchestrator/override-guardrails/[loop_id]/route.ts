import { overrideGuardrailsRoute } from "@/lib/server/loops/loop-routes";

// POST → seed 001 guardrail override, ledgered as GUARDRAIL_OVERRIDE (one implementation, two paths).
export const POST = overrideGuardrailsRoute;
