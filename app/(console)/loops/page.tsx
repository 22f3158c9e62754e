import type { Metadata } from "next";
import { ComingSection } from "@/components/console/coming-section";
import { PageHeader } from "@/components/ui/page-header";
import { requireOperator } from "@/lib/server/auth/require-operator";

export const metadata: Metadata = { title: "Loops" };

export default async function LoopsPage() {
  await requireOperator();
  return (
    <>
      <PageHeader title="Loops" description="Reflection guardrails: rerun limits, bias echo and fatigue (seed 001)." />
      <ComingSection
        title="Loop fatigue dashboard (next release)"
        summary="This page will hold:"
        items={[
          "loops posted by orchestrators (POST /orchestrator/loop-complete) and the engine's own regeneration loops",
          "lineage loop_001 → loop_001_r1 → …, reruns n/max, fatigue against the 0.50 line, bias-echo tags, force-finalize reasons",
          "Override… (operator and above) with a required reason, recorded as a GUARDRAIL_OVERRIDE ledger event",
        ]}
      />
    </>
  );
}
