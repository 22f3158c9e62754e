import { ReformulationVerdict } from "@/lib/engine/contracts/goal-state";
import { validateReformulation } from "@/lib/engine/stages/reformulation";
import { defineRoute } from "@/lib/server/define-route";
import { ValidateReformulationBody } from "./schema";

// POST /api/v1/goal-reformulations/validate → {accepted, code, criteria, failed_criteria,
// intent_preservation, mapping, detected_type, findings}. Pure: reads and writes nothing.
export const POST = defineRoute(
  { scope: "goals:write", body: ValidateReformulationBody, response: ReformulationVerdict },
  async ({ body }) => validateReformulation(body),
);
