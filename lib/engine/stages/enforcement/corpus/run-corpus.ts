import type { CompiledAgent } from "../../../compile/compile-agent";
import { emptySessionState, type SessionState } from "../../../contracts/session-state";
import { runTurn } from "../../../pipeline/run-turn";
import type { Embedder } from "../../../ports";
import { testPorts } from "../../../testing/fixed-ports";
import { createScriptedProvider, generated, judgedOnFacts, sensed } from "../../../testing/scripted-provider";
import { benignClasses } from "./benign-classes";
import type { CorpusCase, CorpusClass } from "./corpus-types";
import { violationClasses } from "./violation-classes";

// Plays every corpus reply as the model's first draft of a refund turn of the demo agent (refund
// scenario, offer step, so max-refund is in play; the GLOBAL rules always are), through runTurn with
// a scripted model whose redraft is harmless. A violation is caught when its rule is among the
// turn's violated rules; a benign reply is falsely blocked when any rule is.

export const ALL_CLASSES = (): CorpusClass[] => [...violationClasses(), ...benignClasses()];

interface ClassResult {
  name: string;
  decidable: boolean;
  benign: boolean;
  about: string;
  cases: number;
  /** Violations that shipped (violation classes) or benign replies that were blocked. */
  misses: number;
  /** The replies counted in `misses`, for a failing test's message. */
  missed: string[];
}

export interface CorpusResult {
  classes: ClassResult[];
  cases: number;
  /** Shipped violations over violation cases of decidable classes. */
  bypassRate: number;
  /** Blocked benign replies over benign cases. */
  falseBlockRate: number;
}

const REFUND_TURN = (): SessionState => ({
  ...emptySessionState(),
  activeScenarioId: "scenario:refund",
  activeStepId: "step:refund/offer_refund",
  turnIndex: 4,
});

/** One refund turn of `agent` whose first draft is `reply` and whose redraft is harmless. */
export function playFirstDraft(agent: CompiledAgent, embedder: Embedder, reply: string, turnId: string) {
  const model = createScriptedProvider({
    sense: [sensed({ detected_intent: "refund_request", intent_confidence: 0.9 })],
    generate: [generated(reply), generated("A specialist will review your refund within 2 business days.")],
    // These replies declare nothing, so a reply with a bound value is a claim conflict: it is settled
    // as the offline judge settles it.
    judge: judgedOnFacts,
  });
  return runTurn(agent, REFUND_TURN(), { message: "I want a refund for my order", turnId }, testPorts(model, embedder));
}

async function violatedRules(agent: CompiledAgent, embedder: Embedder, reply: string, n: number): Promise<string[]> {
  const out = await playFirstDraft(agent, embedder, reply, `corpus-${n}`);
  return out.violatedRuleIds.map((id) => id.replace(/^rule:/, ""));
}

const missedBy = (c: CorpusCase, violated: string[]) =>
  c.rule === null ? violated.length > 0 : !violated.includes(c.rule);

export async function runCorpus(agent: CompiledAgent, embedder: Embedder): Promise<CorpusResult> {
  const classes: ClassResult[] = [];
  let n = 0;
  for (const cls of ALL_CLASSES()) {
    const missed: string[] = [];
    for (const c of cls.cases) {
      const violated = await violatedRules(agent, embedder, c.reply, n++);
      if (missedBy(c, violated)) missed.push(c.reply);
    }
    classes.push({
      name: cls.name,
      decidable: cls.decidable,
      benign: cls.cases.every((c) => c.rule === null),
      about: cls.about,
      cases: cls.cases.length,
      misses: missed.length,
      missed,
    });
  }
  const sum = (list: ClassResult[], f: (c: ClassResult) => number) => list.reduce((s, c) => s + f(c), 0);
  const decidable = classes.filter((c) => !c.benign && c.decidable);
  const benign = classes.filter((c) => c.benign);
  return {
    classes,
    cases: sum(classes, (c) => c.cases),
    bypassRate:
      sum(decidable, (c) => c.misses) /
      Math.max(
        1,
        sum(decidable, (c) => c.cases),
      ),
    falseBlockRate:
      sum(benign, (c) => c.misses) /
      Math.max(
        1,
        sum(benign, (c) => c.cases),
      ),
  };
}
