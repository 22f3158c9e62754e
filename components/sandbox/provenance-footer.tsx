import Link from "next/link";
import { Mono } from "@/components/ui/mono";
import type { TurnView } from "@/lib/turns/turn-view";
import { caughtPart, checksPart, goalPart, Label, Line, rulesPart, toolsPart } from "./provenance-parts";

/** Shown only when a language other than English is in play: written in → replied in. */
function languagePart(language: TurnView["provenance"]["language"]) {
  if (!language || (language.reply === "en" && (language.detected ?? "en") === "en")) return null;
  return (
    <span key="language" title="The customer's language → the reply's (docs/pipeline.md#language)">
      <Label>Language:</Label> {language.detected ?? "not clear"} → {language.reply}
    </span>
  );
}

/**
 * Under every agent message: what the agent was doing (goal, rules, scenario › step, tools), then how
 * the reply was checked (checks, violations caught before shipping) and by what (provider/model,
 * config version), with the link to the full trace.
 */
export function ProvenanceFooter({ turn, agentKey }: { turn: TurnView; agentKey: string }) {
  const p = turn.provenance;
  const place = p.scenario ? (
    <span>
      <Label>{p.step ? "Step:" : "Scenario:"}</Label> {p.scenario.name}
      {p.step ? ` › ${p.step.name}` : ""}
    </span>
  ) : (
    <span>no scenario</span>
  );
  return (
    <div
      data-testid="provenance-footer"
      className="mt-2 space-y-0.5 border-border border-t pt-1.5 text-muted-foreground text-xs leading-5"
    >
      <Line parts={[goalPart(p.goal), rulesPart(p.rules_applied, agentKey), place, toolsPart(p.tools_called)]} />
      <Line
        parts={[
          checksPart(p.enforcement),
          caughtPart(p),
          languagePart(p.language),
          <Mono key="model" title="Provider / model">
            {p.provider}/{p.model}
          </Mono>,
          <Mono key="version" title="Environment and agent config version">
            {p.environment ? `${p.environment} · ` : ""}v{p.config_version}
          </Mono>,
          <Link
            key="trace"
            href={`/agents/${encodeURIComponent(agentKey)}/traces/${turn.id}`}
            prefetch={false}
            className="inline-flex items-center underline decoration-foreground/30 underline-offset-2 hover:text-foreground"
          >
            trace
          </Link>,
        ]}
      />
    </div>
  );
}
