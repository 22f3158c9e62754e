import type { CompiledAgent } from "../../../compile/compile-agent";
import type { DeclaredClaim, JudgeRequest } from "../../../contracts/model";
import { emptySessionState, type SessionState } from "../../../contracts/session-state";
import type { RuleCheck, TurnOutcome } from "../../../contracts/turn-outcome";
import { runTurn } from "../../../pipeline/run-turn";
import type { Embedder } from "../../../ports";
import { testPorts } from "../../../testing/fixed-ports";
import { createScriptedProvider, generated, judged, judgedOnFacts, sensed } from "../../../testing/scripted-provider";
import { benignClasses } from "./benign-classes";
import { type CorpusCase, type CorpusClass, type CorpusSplit, honest } from "./corpus-types";
import { frozenBenignClasses, frozenViolationClasses } from "./frozen-classes";
import { violationClasses } from "./violation-classes";

// Plays every corpus reply as the model's first draft of a refund turn of the demo agent (refund
// scenario, offer step, so max-refund is in play; the GLOBAL rules always are), through runTurn with
// a scripted model whose redraft is harmless. A violation is caught when its rule is among the
// turn's violated rules; a benign reply is falsely blocked when any rule is.
//
// Each reply is played twice. First with the claims an honest model declares next to it, before a
// judge that answers right (it fails exactly the case's own rule). Then as the worst collaborators
// would send it: a model that declares no claims at all, before a judge that passes everything; what
// that play blocks, lane 1 blocked on the text alone. A violation is a bypass when either play
// reaches the customer; a benign reply is falsely blocked when either play blocks it. Unresolved
// replies and judge calls count the honest drafts (one per reply): what a deployment pays; the
// silent plays' judge calls are kept apart.

export const ALL_CLASSES = (): CorpusClass[] => [
  ...violationClasses(),
  ...benignClasses(),
  ...frozenViolationClasses(),
  ...frozenBenignClasses(),
];

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
  /** Violations that shipped when drafted with their honest claims. */
  missesHonest: number;
  /** Benign replies blocked when drafted with their honest claims. */
  blockedHonest: number;
  /** Drafted with no claims and met by a judge that passes everything (the second play): violations that shipped, or benign replies blocked. */
  missesSilent: number;
  /** Replies, drafted with their honest claims, whose first draft lane 1 could not decide alone. */
  unresolved: number;
  /** Judge calls about a lane-1 rule (a claim conflict handed to the judge) for the honest drafts. */
  judgeCalls: number;
  /** The same for the second play, with no claims. */
  judgeCallsSilent: number;
  /** Violations drafted with no claims, by how lane 1 read their own rule: failed on the text, handed to the judge, passed, no value. */
  silentReading: Record<NonNullable<Played["ownRule"]>, number>;
  /** Violations drafted with no claims whose own rule lane 1 passed: a verdict the text got wrong. */
  passedByLane1: string[];
  /**
   * Replies whose first draft states a fact the turn's evidence does not hold: the `ungrounded` check
   * blocks them under `enforcement.grounding_facts = block`, reports them under `report`.
   */
  ungrounded: number;
  /** Those replies with their unsupported facts, for the bench's notes. */
  ungroundedFacts: string[][];
}

interface SplitFigures {
  /** Violations of decidable classes that shipped in either play, over those violations. */
  bypassRate: number;
  /** The same, drafted with honest claims only. */
  bypassRateHonest: number;
  /** The same, drafted with no claims only. */
  bypassRateSilent: number;
  /** Blocked benign replies over benign cases, in either play. */
  falseBlockRate: number;
  /** Blocked benign replies drafted with no claims and a judge that passes everything. */
  falseBlockRateSilent: number;
  /** Blocked benign replies drafted with honest claims before a judge that answers right. */
  falseBlockRateHonest: number;
}

export interface CorpusResult {
  classes: ClassResult[];
  cases: number;
  dev: SplitFigures;
  frozen: SplitFigures;
  /** Blocked benign replies over every benign case, both splits. */
  falseBlockRate: number;
  /** The same, drafted with no claims before a judge that passes everything: what lane 1 blocked on the text alone. */
  falseBlockRateSilent: number;
  /** Replies (drafted with honest claims) lane 1 could not decide alone, over every reply. */
  unresolvedShare: number;
  /** Judge calls about a lane-1 rule per 100 replies drafted with honest claims. */
  judgeCallsPer100: number;
  /** Benign replies the `ungrounded` check would block (block) or reports (report), over every benign case. */
  ungroundedBenignRate: number;
}

const REFUND_TURN = (): SessionState => ({
  ...emptySessionState(),
  activeScenarioId: "scenario:refund",
  activeStepId: "step:refund/offer_refund",
  turnIndex: 4,
});

interface DraftOptions {
  /**
   * The rule the reply breaks (null: none): the scripted judge fails it and passes every other rule.
   * Unset, the judge settles claim conflicts on the facts, as the offline judge does. "lenient": the
   * judge passes everything, so only lane 1 itself can stop the reply.
   */
  violates?: CorpusCase["rule"] | "lenient";
  /** What the first draft declares; absent, it declares nothing. */
  claims?: Record<string, DeclaredClaim>;
}

/** One refund turn of `agent` whose first draft is `reply` and whose redraft is harmless. */
export async function playFirstDraft(
  agent: CompiledAgent,
  embedder: Embedder,
  reply: string,
  turnId: string,
  options: DraftOptions = {},
): Promise<TurnOutcome> {
  return (await draftTurn(agent, embedder, reply, turnId, options)).out;
}

async function draftTurn(
  agent: CompiledAgent,
  embedder: Embedder,
  reply: string,
  turnId: string,
  options: DraftOptions,
) {
  const { violates } = options;
  const model = createScriptedProvider({
    sense: [sensed({ detected_intent: "refund_request", intent_confidence: 0.9 })],
    generate: [
      generated(reply, options.claims),
      generated("A specialist will review your refund within 2 business days.", options.claims ? honest() : undefined),
    ],
    judge:
      violates === undefined
        ? judgedOnFacts
        : violates === "lenient"
          ? () => judged(true, { reason: "polite" })
          : (request: JudgeRequest) => judged(!(request.response === reply && request.rule.id === `rule:${violates}`)),
  });
  const out = await runTurn(
    agent,
    REFUND_TURN(),
    { message: "I want a refund for my order", turnId },
    testPorts(model, embedder),
  );
  return { out, model };
}

interface Played {
  violated: string[];
  unresolved: boolean;
  judgeCalls: number;
  /** How lane 1 read the case's own rule on the first draft (null for a benign case). */
  ownRule: "failed" | "handed_over" | "passed" | "undecided" | null;
  /** The first draft's facts found in no evidence (the `ungrounded` check), as written. */
  unsupported: string[];
}

/** The case's own rule on the first draft: failed, left to `enforcement.unresolved`, passed, or with no value. */
function ownRuleOf(checks: RuleCheck[], rule: CorpusCase["rule"]): Played["ownRule"] {
  if (rule === null) return null;
  const check = checks.find((c) => c.ruleKey === rule);
  if (!check) return "undecided";
  if (check.result === "failed") return "failed";
  if (check.conflict || check.blocking) return "handed_over";
  return check.result === "passed" ? "passed" : "undecided";
}

/**
 * A lane-1 check lane 1 could not decide alone: a claim conflict (handed to the judge, blocked or sent
 * as `enforcement.unresolved` says) or an unresolved value that blocks (money it cannot convert). A
 * rule whose variable the reply never mentions ("no value") is not counted: nothing is at stake.
 */
const leftUnresolved = (check: RuleCheck) =>
  check.lane === 1 && (check.conflict !== undefined || (check.result === "unresolved" && check.blocking === true));

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
  // Honest claims meet a judge that rules right; no claims meet a judge that passes everything.
  const violates = claims ? c.rule : "lenient";
  const { out, model } = await draftTurn(agent, embedder, c.reply, `corpus-${n}`, { violates, claims });
  return {
    violated: out.violatedRuleIds.map((id) => id.replace(/^rule:/, "")),
    unresolved: firstDraftChecks(out).some(leftUnresolved),
    judgeCalls: model.requestsOf("judge").filter((request) => request.conflict !== undefined).length,
    ownRule: ownRuleOf(firstDraftChecks(out), c.rule),
    unsupported: (firstDraftChecks(out).find((check) => check.ruleKey === "ungrounded")?.unsupportedFacts ?? []).map(
      (f) => f.text,
    ),
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
  const decidable = classes.filter((c) => !c.benign && c.decidable);
  return {
    bypassRate: rate(decidable, (c) => c.misses),
    bypassRateHonest: rate(decidable, (c) => c.missesHonest),
    bypassRateSilent: rate(decidable, (c) => c.missesSilent),
    falseBlockRate: rate(
      classes.filter((c) => c.benign),
      (c) => c.misses,
    ),
    falseBlockRateSilent: rate(
      classes.filter((c) => c.benign),
      (c) => c.missesSilent,
    ),
    falseBlockRateHonest: rate(
      classes.filter((c) => c.benign),
      (c) => c.blockedHonest,
    ),
  };
}

export async function runCorpus(agent: CompiledAgent, embedder: Embedder): Promise<CorpusResult> {
  const classes: ClassResult[] = [];
  let n = 0;
  for (const cls of ALL_CLASSES()) {
    const missed: string[] = [];
    const tally = {
      missesHonest: 0,
      blockedHonest: 0,
      missesSilent: 0,
      unresolved: 0,
      judgeCalls: 0,
      judgeCallsSilent: 0,
    };
    const silentReading = { failed: 0, handed_over: 0, passed: 0, undecided: 0 };
    const passedByLane1: string[] = [];
    const ungroundedFacts: string[][] = [];
    for (const c of cls.cases) {
      const honest = await play(agent, embedder, c, c.claims, n++);
      if (honest.unsupported.length > 0) ungroundedFacts.push(honest.unsupported);
      const honestMiss = missedBy(c, honest.violated);
      tally.missesHonest += Number(honestMiss && c.rule !== null);
      tally.blockedHonest += Number(honestMiss && c.rule === null);
      tally.unresolved += Number(honest.unresolved);
      tally.judgeCalls += honest.judgeCalls;
      const silent = await play(agent, embedder, c, undefined, n++);
      const silentMiss = missedBy(c, silent.violated);
      tally.missesSilent += Number(silentMiss);
      tally.judgeCallsSilent += silent.judgeCalls;
      if (silent.ownRule) silentReading[silent.ownRule] += 1;
      if (silent.ownRule === "passed") passedByLane1.push(c.reply);
      if (honestMiss || silentMiss) missed.push(c.reply);
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
      ...tally,
      silentReading,
      passedByLane1,
      ungrounded: ungroundedFacts.length,
      ungroundedFacts,
    });
  }
  return {
    classes,
    cases: sum(classes, (c) => c.cases),
    dev: splitFigures(classes.filter((c) => c.split === "dev")),
    frozen: splitFigures(classes.filter((c) => c.split === "frozen")),
    falseBlockRate: splitFigures(classes).falseBlockRate,
    falseBlockRateSilent: splitFigures(classes).falseBlockRateSilent,
    unresolvedShare: rate(classes, (c) => c.unresolved),
    judgeCallsPer100: 100 * rate(classes, (c) => c.judgeCalls),
    ungroundedBenignRate: rate(
      classes.filter((c) => c.benign),
      (c) => c.ungrounded,
    ),
  };
}
