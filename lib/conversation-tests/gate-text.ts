import { plural } from "@/lib/text/plural";
import type { ConfigChangedPayload } from "@/lib/versioning/config-change-payload";

type GateRecord = NonNullable<ConfigChangedPayload["tests_gate"]>;

/**
 * A save's test gate as the History page words it: "Test gate (block): 1 case turned red —
 * france-75-refund; forced by ada@example.com: the limit changes on purpose".
 */
export function testsGateText(gate: GateRecord, actor: string): string {
  const red = gate.turned_red.length;
  const head =
    red === 0
      ? `Test gate (${gate.mode}): all ${plural(gate.cases, "case")} still pass`
      : `Test gate (${gate.mode}): ${plural(red, "case")} turned red — ${gate.turned_red.join(", ")}`;
  if (gate.forced) return `${head}; forced by ${actor}${gate.reason ? `: ${gate.reason}` : ""}`;
  return red > 0 && gate.mode === "warn" ? `${head}; saved with a warning` : head;
}
