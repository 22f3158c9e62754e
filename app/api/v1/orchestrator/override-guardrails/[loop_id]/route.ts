import { overrideGuardrailsRoute } from "@/lib/loops/server/loop-routes";

// POST → guardrail override, ledgered as GUARDRAIL_OVERRIDE (one implementation, two paths).
export const POST = overrideGuardrailsRoute;
