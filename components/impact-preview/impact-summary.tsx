import type { ReactNode } from "react";
import { Stat } from "@/components/ui/stat";
import { changedHeadline, countOf, type ImpactGroups, type RuleCount } from "@/lib/replay/impact-groups";
import type { ImpactPreview } from "@/lib/replay/replay-types";
import { OutcomeBadge } from "./outcome-badge";

/** The preview's headline, its counts and the groups: outcome changes, and rules that start or stop firing. */
export function ImpactSummary({ preview, groups }: { preview: ImpactPreview; groups: ImpactGroups }) {
  const { counts, model_calls } = preview.report;
  return (
    <section className="space-y-3" aria-labelledby="impact-headline">
      <div>
        <h3 id="impact-headline" className="font-semibold text-lg" data-testid="impact-headline">
          {changedHeadline(counts)}
        </h3>
        <p className="text-muted-foreground text-xs">
          {countOf(counts.sessions, "session")} replayed on this draft of v{preview.base_config_version} · model calls{" "}
          {model_calls.before} → {model_calls.after} · frozen: the recorded model answers, no new calls
        </p>
      </div>
      <div className="grid grid-cols-2 gap-2 lg:grid-cols-4">
        <Stat label="Outcome changes" value={counts.outcome_changes} />
        <Stat
          label="Newly blocked replies"
          value={counts.newly_blocked}
          hint={`${counts.newly_unblocked} newly unblocked`}
        />
        <Stat label="Not replayable" value={counts.not_replayable} hint="listed below with why" />
        <Stat
          label="Answer differed"
          value={counts.diverged}
          hint="the model's answer differed from the recorded one"
        />
      </div>
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-3">
        <Group title="Outcome changes" empty="No outcome changes.">
          {groups.outcomeShifts.map((shift) => (
            <li key={`${shift.before}-${shift.after}`} className="flex flex-wrap items-center gap-1">
              <OutcomeBadge outcome={shift.before} />
              <span aria-hidden="true">→</span>
              <span className="sr-only">becomes</span>
              <OutcomeBadge outcome={shift.after} />
              <span className="text-muted-foreground">· {countOf(shift.turns, "turn")}</span>
            </li>
          ))}
        </Group>
        <RuleGroup title="Rules that start firing" rules={groups.rulesStarted} />
        <RuleGroup title="Rules that stop firing" rules={groups.rulesStopped} />
      </div>
    </section>
  );
}

function Group({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <div className="rounded-lg border border-border p-3">
      <h4 className="mb-1.5 font-medium text-sm">{title}</h4>
      {children.length === 0 ? (
        <p className="text-muted-foreground text-xs">{empty}</p>
      ) : (
        <ul className="space-y-1 text-xs">{children}</ul>
      )}
    </div>
  );
}

function RuleGroup({ title, rules }: { title: string; rules: RuleCount[] }) {
  return (
    <Group title={title} empty="None.">
      {rules.map((rule) => (
        <li key={rule.key} className="flex items-center gap-2">
          <span className="min-w-0 truncate font-mono">{rule.key}</span>
          <span className="ml-auto shrink-0 text-muted-foreground tabular-nums">{countOf(rule.turns, "turn")}</span>
        </li>
      ))}
    </Group>
  );
}
