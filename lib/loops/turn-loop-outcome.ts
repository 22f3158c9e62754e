import type { LoopView } from "./loop-view";

// A turn's loop is a reply being rewritten after a failed check. Rewriting until the checks pass is
// the engine doing its job, so it reads green; only a reply the checks never passed (the safe fallback
// answered instead) asks a person to look, and that is amber, not red.

export interface TurnLoopOutcome {
  tone: "success" | "neutral" | "warning";
  /** "Rewritten once to satisfy max-refund". */
  title: string;
  /** The badge word for one loop of the family. */
  badge: string;
}

const TIMES = ["", "once", "twice"];
const times = (n: number) => TIMES[n] ?? `${n} times`;

function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** The rules a family's drafts broke, by key, in order: bias tags read "violation:<rule key>". */
function brokenRules(family: readonly Pick<LoopView, "biasTags">[]): string[] {
  const keys = family.flatMap((l) => l.biasTags.map((tag) => tag.replace(/^violation:/, "")));
  return [...new Set(keys)];
}

type LoopFacts = Pick<LoopView, "decision" | "finalizeReason" | "rerunDepth" | "biasTags">;

/** What a turn's loop family did, in the words the Loops pages show. */
export function turnLoopOutcome(family: readonly LoopFacts[]): TurnLoopOutcome {
  const ordered = [...family].sort((a, b) => a.rerunDepth - b.rerunDepth);
  const last = ordered.at(-1);
  const rewrites = ordered.filter((l) => l.rerunDepth > 0).length;
  const rules = brokenRules(ordered);
  const toSatisfy = rules.length ? ` to satisfy ${joinList(rules)}` : "";
  if (!last || last.decision === null) return { tone: "neutral", title: "Checking the reply", badge: "checking" };
  if (last.decision === "rerun") {
    return { tone: "neutral", title: `Being rewritten${toSatisfy}`, badge: "rewritten" };
  }
  if (last.decision === "finalize" && last.finalizeReason === "thresholds_met") {
    if (rewrites === 0) return { tone: "success", title: "The reply passed every check", badge: "reply checked" };
    return { tone: "success", title: `Rewritten ${times(rewrites)}${toSatisfy}`, badge: "rewrite passed" };
  }
  return {
    tone: "warning",
    title: `Rewritten ${times(rewrites)} without satisfying ${joinList(rules) || "every check"}: the safe fallback answered`,
    badge: "fallback answered",
  };
}

/** The badge of one loop of a turn's family: the root that asked for a rewrite, or where it ended. */
export function turnLoopBadge(loop: LoopFacts): Pick<TurnLoopOutcome, "tone" | "badge"> {
  if (loop.decision === "rerun") return { tone: "neutral", badge: "rewritten" };
  const outcome = turnLoopOutcome([loop]);
  if (outcome.tone === "success" && loop.rerunDepth > 0) return { tone: "success", badge: "rewrite passed" };
  return outcome;
}
