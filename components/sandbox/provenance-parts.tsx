import { Fragment, type ReactNode } from "react";
import { Mono } from "@/components/ui/mono";
import type { Provenance } from "@/lib/engine/contracts/turn-outcome";

// The pieces of the provenance footer (PRODUCT.md §6), each null when it has nothing to say.

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

export function rulesPart(rules: Provenance["rules_applied"]): ReactNode {
  return (
    <span>
      <Label>Rules:</Label>{" "}
      {rules.length === 0
        ? "none matched"
        : rules.map((rule, i) => (
            <Fragment key={rule.id}>
              {i > 0 ? ", " : null}
              <span title={`${rule.key} · lane ${rule.lane === "deterministic" ? "1" : "2"}`}>{rule.name}</span>
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

/** Check marks for the eye, words for a screen reader. */
function Counts({ shown, spoken }: { shown: string; spoken: string }) {
  return (
    <>
      <Mono aria-hidden="true" title={spoken}>
        {shown}
      </Mono>
      <span className="sr-only">{spoken}</span>
    </>
  );
}

export function checksPart(enforcement: Provenance["enforcement"]): ReactNode {
  if (enforcement.checks.length === 0) {
    return (
      <span>
        <Label>Checks:</Label> none
      </span>
    );
  }
  const { lane1, lane2 } = enforcement;
  const lane2Text =
    lane2.passed + lane2.failed + lane2.skipped === 0
      ? "none"
      : [`${lane2.passed}✓`, lane2.failed ? `${lane2.failed}✗` : "", lane2.skipped ? `${lane2.skipped} skipped` : ""]
          .filter(Boolean)
          .join(" ");
  return (
    <span>
      <Label>Checks:</Label>{" "}
      <Counts
        shown={`lane 1: ${lane1.passed}✓ ${lane1.failed}✗ ${lane1.unresolved}?`}
        spoken={`lane 1: ${lane1.passed} passed, ${lane1.failed} failed, ${lane1.unresolved} unresolved`}
      />
      {", "}
      <Counts
        shown={`lane 2: ${lane2Text}`}
        spoken={`lane 2: ${lane2.passed} passed, ${lane2.failed} failed, ${lane2.skipped} skipped`}
      />
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
