import Link from "next/link";
import { Fragment, type ReactNode } from "react";
import { Mono } from "@/components/ui/mono";
import type { Provenance } from "@/lib/engine/contracts/turn-outcome";
import { plural } from "@/lib/text/plural";

// The pieces of the provenance footer, each null when it has nothing to say. Written for a reviewer:
// counts in words, rule names that open the rule (docs/pipeline.md#spans-and-provenance).

const ruleHref = (agentKey: string, ruleKey: string) =>
  `/agents/${encodeURIComponent(agentKey)}/rules?rule=${encodeURIComponent(ruleKey)}`;

export function Label({ children }: { children: ReactNode }) {
  return <span className="font-medium text-foreground/80">{children}</span>;
}

/** One footer line: parts separated by a middle dot, wrapping between parts, never inside a short one. */
export function Line({ parts }: { parts: ReactNode[] }) {
  const shown = parts.filter(Boolean);
  if (shown.length === 0) return null;
  return (
    <p>
      {shown.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reorder.
        <Fragment key={i}>
          {i > 0 ? <span aria-hidden="true"> · </span> : null}
          {part}
        </Fragment>
      ))}
    </p>
  );
}

// A goal is one request; past 80 characters the footer shows its start and the full text on hover.
const GOAL_CHARS = 80;
const clip = (text: string) => (text.length > GOAL_CHARS ? `${text.slice(0, GOAL_CHARS - 1)}…` : text);

// Evidence ids are free-form (up to 200 characters): each shows its start (a whole UUID fits), the
// full id on hover.
const EVIDENCE_ID_CHARS = 36;

/** A reformulation's evidence ids, comma-separated, monospace. */
export function EvidenceIds({ ids }: { ids: string[] }) {
  return (
    <span data-testid="goal-evidence">
      {ids.map((id, i) => (
        <Fragment key={id}>
          {i > 0 ? ", " : null}
          <Mono truncate={EVIDENCE_ID_CHARS} className="not-italic">
            {id}
          </Mono>
        </Fragment>
      ))}
    </span>
  );
}

export function goalPart(goal: Provenance["goal"]): ReactNode {
  if (!goal.original) return null;
  const reformulated = goal.active_reformulation;
  return (
    <span title={reformulated ? `Original: ${goal.original}\nActive: ${reformulated}` : goal.original}>
      <Label>Goal:</Label> {clip(reformulated ?? goal.original)}
      {reformulated ? (
        <span className="italic">
          {" "}
          (reformulated
          {goal.evidence_ids.length ? (
            <>
              {"; evidence "}
              <EvidenceIds ids={goal.evidence_ids} />
            </>
          ) : (
            "; no evidence cited"
          )}
          )
        </span>
      ) : null}
    </span>
  );
}

export function rulesPart(rules: Provenance["rules_applied"], agentKey: string): ReactNode {
  return (
    <span>
      <Label>Rules:</Label>{" "}
      {rules.length === 0
        ? "none matched"
        : rules.map((rule, i) => (
            <Fragment key={rule.id}>
              {i > 0 ? ", " : null}
              <Link
                href={ruleHref(agentKey, rule.key)}
                prefetch={false}
                title={`${rule.key} · ${rule.lane === "deterministic" ? "checked by its expression" : "checked by a judge"}`}
                className="underline decoration-foreground/30 underline-offset-2 hover:text-foreground"
              >
                {rule.name}
              </Link>
              {rule.hard ? <span className="text-foreground/80"> (hard)</span> : null}
            </Fragment>
          ))}
    </span>
  );
}

export function toolsPart(tools: Provenance["tools_called"]): ReactNode {
  if (tools.length === 0) return null;
  return (
    <span>
      <Label>Tools:</Label>{" "}
      {tools.map((tool, i) => (
        <Fragment key={tool.key}>
          {i > 0 ? ", " : null}
          <Mono title={tool.detail}>{tool.key}</Mono>{" "}
          {tool.ok ? (
            <span className="text-success">✓</span>
          ) : (
            <span className="text-danger" title={tool.detail}>
              ✗
            </span>
          )}
        </Fragment>
      ))}
    </span>
  );
}

/** "3 checks passed · 1 failed · 1 could not be decided", then who checked: expressions and a judge. */
export function checksPart(enforcement: Provenance["enforcement"]): ReactNode {
  if (enforcement.checks.length === 0) {
    return (
      <span>
        <Label>Checks:</Label> no hard rule applied
      </span>
    );
  }
  const { lane1, lane2 } = enforcement;
  const passed = lane1.passed + lane2.passed;
  const failed = lane1.failed + lane2.failed;
  const words = [
    `${plural(passed, "check", "checks")} passed`,
    failed ? `${failed} failed` : "",
    lane1.unresolved ? `${lane1.unresolved} could not be decided (a value was missing)` : "",
    lane2.skipped ? `${lane2.skipped} left to sampling` : "",
  ].filter(Boolean);
  const by = [
    lane1.passed + lane1.failed + lane1.unresolved ? "expressions" : "",
    lane2.passed + lane2.failed ? "a judge" : "",
  ].filter(Boolean);
  return (
    <span data-testid="provenance-checks">
      <Label>Checks:</Label> {words.join(", ")}
      {by.length ? <span> (by {by.join(" and ")})</span> : null}
    </span>
  );
}

export function caughtPart(p: Provenance): ReactNode {
  const times = new Map<string, { count: number; detail: string }>();
  for (const v of p.enforcement.violations_caught) {
    const seen = times.get(v.rule_key);
    times.set(v.rule_key, { count: (seen?.count ?? 0) + 1, detail: seen?.detail ?? v.detail });
  }
  const verdict = p.fallback_reason ? (
    <span className="font-medium text-outcome-fallback">fallback ({p.fallback_reason})</span>
  ) : p.regenerations ? (
    <span className="font-medium text-outcome-regenerated">regenerated ×{p.regenerations}</span>
  ) : null;
  if (times.size === 0) return verdict;
  return (
    <span>
      <Label>Caught before shipping:</Label>{" "}
      {[...times].map(([ruleKey, { count, detail }], i) => (
        <Fragment key={ruleKey}>
          {i > 0 ? ", " : null}
          <Mono title={detail} className="text-danger">
            {ruleKey}
          </Mono>
          {count > 1 ? ` ×${count}` : null}
        </Fragment>
      ))}
      {verdict ? <> → {verdict}</> : null}
    </span>
  );
}
