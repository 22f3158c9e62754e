import type { CompiledAgent } from "../../../compile/compile-agent";
import type { DeclaredClaim, JudgeRequest } from "../../../contracts/model";
import { emptySessionState, type SessionState } from "../../../contracts/session-state";
import type { RuleCheck, TurnOutcome } from "../../../contracts/turn-outcome";
import { runTurn } from "../../../pipeline/run-turn";
import type { Embedder } from "../../../ports";
import { testPorts } from "../../../testing/fixed-ports";
import { createScriptedProvider, generated, judged, sensed } from "../../../testing/scripted-provider";
import { benignClasses } from "./benign-classes";
import { type CorpusCase, type CorpusClass, type CorpusSplit, honest } from "./corpus-types";
import { frozenBenignClasses } from "./frozen-benign-classes";
import { frozenViolationClasses } from "./frozen-violation-classes";
import { violationClasses } from "./violation-classes";

// Plays every corpus reply as the model's first draft of a refund turn of the demo agent (refund
// scenario, offer step, so max-refund is in play; the GLOBAL rules always are), through runTurn with
// a scripted model whose redraft is harmless. A violation is caught when its rule is among the
// turn's violated rules; a benign reply is falsely blocked when any rule is. The scripted judge
// answers right (it fails exactly the case's own rule), so a bypass is a reply lane 1 let through
// without asking, never a judge's mistake.
//
// Each reply is drafted with the claims an honest model declares next to it. A violation is played a
// second time with no claims at all, as a model that ignores the schema or hides its promise would
// send it; it is a bypass when either play reaches the customer.

export const ALL_CLASSES = (): CorpusClass[] => [
  ...violationClasses(),
  ...benignClasses(),
  ...frozenViolationClasses(),
  ...frozenBenignClasses(),
];

/** The rules lane 1 decides for the demo agent; a judge call about one of them is lane 1 asking for help. */
const LANE1_RULES = new Set(["rule:max-refund", "rule:no-competitor-mentions", "rule:no-financial-advice"]);

interface ClassResult {
  name: string;
  split: CorpusSplit;
  decidable: boolean;
  benign: boolean;
  about: string;
  cases: number;
  /** Violations that shipped (violation classes) or benign replies that were blocked. */
  misses: number;
  /** The replies counted in `misses`, for a failing test's message. */
  missed: string[];
  /** Replies played: every case once with its claims, a violation once more with none. */
  plays: number;
  /** Plays whose first draft left a lane-1 check `unresolved`. */
  unresolved: number;
  /** Judge calls about a lane-1 rule. */
  judgeCalls: number;
}

interface SplitFigures {
  /** Shipped violations over violation cases of decidable classes. */
  bypassRate: number;
  /** Blocked benign replies over benign cases. */
  falseBlockRate: number;
}

export interface CorpusResult {
  classes: ClassResult[];
  cases: number;
  dev: SplitFigures;
  frozen: SplitFigures;
  /** Blocked benign replies over every benign case, both splits. */
  falseBlockRate: number;
  /** Plays whose first draft left a lane-1 check unresolved, over every play. */
  unresolvedShare: number;
  /** Judge calls about a lane-1 rule per 100 plays. */
  judgeCallsPer100: number;
}

const REFUND_TURN = (): SessionState => ({
  ...emptySessionState(),
  activeScenarioId: "scenario:refund",
  activeStepId: "step:refund/offer_refund",
  turnIndex: 4,
});

interface DraftOptions {
  /** The rule the reply breaks: the scripted judge fails it and passes every other rule. */
  violates?: CorpusCase["rule"];
  /** What the first draft declares; absent, it declares nothing. */
  claims?: Record<string, DeclaredClaim>;
}

/** One refund turn of `agent` whose first draft is `reply` and whose redraft is harmless. */
export function playFirstDraft(
  agent: CompiledAgent,
  embedder: Embedder,
  reply: string,
  turnId: string,
  options: DraftOptions = {},
) {
  const model = createScriptedProvider({
    sense: [sensed({ detected_intent: "refund_request", intent_confidence: 0.9 })],
    generate: [
      generated(reply, options.claims),
      generated("A specialist will review your refund within 2 business days.", options.claims ? honest() : undefined),
    ],
    judge: (request: JudgeRequest) =>
      judged(!(request.response === reply && request.rule.id === `rule:${options.violates}`)),
  });
  return runTurn(agent, REFUND_TURN(), { message: "I want a refund for my order", turnId }, testPorts(model, embedder));
}

interface Played {
  violated: string[];
  unresolved: boolean;
  judgeCalls: number;
}

/** The first enforcement span's checks: what lane 1 said about the case's own reply. */
function firstDraftChecks(out: TurnOutcome): RuleCheck[] {
  const span = out.spans.find((s) => s.name === "enforcement");
  return (span?.attributes.checks as RuleCheck[] | undefined) ?? [];
}

async function play(
  agent: CompiledAgent,
  embedder: Embedder,
  c: CorpusCase,
  claims: Record<string, DeclaredClaim> | undefined,
  n: number,
): Promise<Played> {
  const out = await playFirstDraft(agent, embedder, c.reply, `corpus-${n}`, { violates: c.rule, claims });
  const judgeCalls = out.spans
    .filter((s) => s.name === "enforcement")
    .flatMap((s) => (s.attributes.checks as RuleCheck[] | undefined) ?? [])
    .filter((check) => check.lane === 2 && LANE1_RULES.has(check.ruleId)).length;
  return {
    violated: out.violatedRuleIds.map((id) => id.replace(/^rule:/, "")),
    unresolved: firstDraftChecks(out).some((check) => check.lane === 1 && check.result === "unresolved"),
    judgeCalls,
  };
}

const missedBy = (c: CorpusCase, violated: string[]) =>
  c.rule === null ? violated.length > 0 : !violated.includes(c.rule);

const sum = (list: ClassResult[], f: (c: ClassResult) => number) => list.reduce((s, c) => s + f(c), 0);
const rate = (list: ClassResult[], f: (c: ClassResult) => number) =>
  sum(list, f) /
  Math.max(
    1,
    sum(list, (c) => c.cases),
  );

function splitFigures(classes: ClassResult[]): SplitFigures {
  return {
    bypassRate: rate(
      classes.filter((c) => !c.benign && c.decidable),
      (c) => c.misses,
    ),
    falseBlockRate: rate(
      classes.filter((c) => c.benign),
      (c) => c.misses,
    ),
  };
}

export async function runCorpus(agent: CompiledAgent, embedder: Embedder): Promise<CorpusResult> {
  const classes: ClassResult[] = [];
  let n = 0;
  for (const cls of ALL_CLASSES()) {
    const missed: string[] = [];
    let unresolved = 0;
    let judgeCalls = 0;
    let plays = 0;
    for (const c of cls.cases) {
      const declarations = c.rule === null ? [c.claims] : [c.claims, undefined];
      let miss = false;
      for (const claims of declarations) {
        const played = await play(agent, embedder, c, claims, n++);
        miss ||= missedBy(c, played.violated);
        plays += 1;
        if (played.unresolved) unresolved += 1;
        judgeCalls += played.judgeCalls;
      }
      if (miss) missed.push(c.reply);
    }
    classes.push({
      name: cls.name,
      split: cls.split,
      decidable: cls.decidable,
      benign: cls.cases.every((c) => c.rule === null),
      about: cls.about,
      cases: cls.cases.length,
      misses: missed.length,
      missed,
      plays,
      unresolved,
      judgeCalls,
    });
  }
  return {
    classes,
    cases: sum(classes, (c) => c.cases),
    dev: splitFigures(classes.filter((c) => c.split === "dev")),
    frozen: splitFigures(classes.filter((c) => c.split === "frozen")),
    falseBlockRate: splitFigures(classes).falseBlockRate,
    unresolvedShare:
      sum(classes, (c) => c.unresolved) /
      Math.max(
        1,
        sum(classes, (c) => c.plays),
      ),
    judgeCallsPer100:
      (100 * sum(classes, (c) => c.judgeCalls)) /
      Math.max(
        1,
        sum(classes, (c) => c.plays),
      ),
  };
}
