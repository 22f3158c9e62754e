import type { CelDeclarations, CelType } from "../cel/cel-environment";
import type { CompiledAgent } from "../compile/compile-agent";
import { emptySessionState, type SessionState } from "../contracts/session-state";
import type { BundleTestCase } from "../contracts/test-case";
import { runTurn } from "../pipeline/run-turn";
import type { Clock, EnginePorts, Ids } from "../ports";
import { nextStartState } from "../replay/next-start-state";
import { type Divergence, replayPorts } from "../replay/replay-ports";
import { stableRefsOf } from "../replay/stable-refs";
import type { TurnTape } from "../replay/tape";
import { conversationAssertionName, turnAssertionName } from "./assertion-name";
import { type AssertionResult, evaluateConversationAssertion, evaluateTurnAssertion } from "./evaluate-assertions";
import { type TurnFacts, turnFacts } from "./turn-facts";

export type TestMode = "frozen" | "offline" | "live";

export interface CaseRunPorts {
  mode: TestMode;
  /** offline and frozen: the offline provider (frozen uses it where the tape does not apply); live: the configured one. */
  model: EnginePorts["model"];
  embedder: EnginePorts["embedder"];
  tools: EnginePorts["tools"];
}

export interface CaseTurnResult {
  index: number;
  /** The stored turn the case was recorded from: deleting that customer's turns finds the report by it. */
  recorded_turn_id?: string;
  message: string;
  facts: TurnFacts;
  assertions: AssertionResult[];
  /** Frozen: the turn's tape no longer applied to some call (see divergences), or there was none. */
  served: "tape" | "diverged" | "provider";
  divergences: Divergence[];
}

export interface CaseTry {
  passed: boolean;
  turns: CaseTurnResult[];
  conversation: AssertionResult[];
  /** Failed assertions, in order: what a run report lists first. */
  failures: AssertionResult[];
  /** The engine threw (a bug, never an assertion): the try fails with this. */
  error: string | null;
}

// Cases without a tape run on a clock that starts at a fixed instant and moves 30 s a turn, so
// continuity's time-to-live windows behave the same on every run.
const CASE_EPOCH = Date.parse("2026-01-01T09:00:00.000Z");
const SECONDS_PER_TURN = 30;

function caseClock(turn: number): Clock {
  let tick = 0;
  return { now: () => new Date(CASE_EPOCH + turn * SECONDS_PER_TURN * 1000), monotonicMs: () => ++tick };
}

function caseIds(caseKey: string, turn: number): Ids {
  let n = 0;
  return { next: (prefix) => `${prefix}_${caseKey}_${turn}_${++n}` };
}

function celType(type: string): CelType {
  if (type === "number" || type === "integer") return "double";
  if (type === "boolean" || type === "phrases") return "bool";
  return type === "string" || type === "date" ? "string" : "dyn";
}

/** The CEL variables a CEL assertion may use: profile fields, response variables, tool outputs. */
function caseDeclarations(agent: CompiledAgent): CelDeclarations {
  const declared: Record<string, CelType> = {};
  for (const field of agent.snapshot.profileFields) declared[field.fieldName] ??= celType(field.fieldType);
  for (const variable of agent.snapshot.responseVariables) declared[variable.name] ??= celType(variable.type);
  for (const vars of agent.toolVariables.values()) for (const v of vars) declared[v.name] ??= "dyn";
  return declared;
}

/**
 * Plays a test case once through the whole pipeline under `agent` and checks its assertions. Frozen:
 * each turn's recorded tape serves the calls whose requests are unchanged, the offline provider the
 * rest; offline: the offline provider; live: the configured provider. Pure given its ports.
 */
export async function runCaseOnce(
  agent: CompiledAgent,
  testCase: BundleTestCase,
  ports: CaseRunPorts,
): Promise<CaseTry> {
  const declarations = caseDeclarations(agent);
  const turns: CaseTurnResult[] = [];
  let state: SessionState = { ...emptySessionState(), profile: structuredClone(testCase.customer_profile) };
  try {
    for (const [index, turn] of testCase.turns.entries()) {
      // The case schema checks a recorded tape's version only; the rest is as the recorder wrote it (tape.ts).
      const tape = ports.mode === "frozen" ? (turn.tape as TurnTape | undefined) : undefined;
      let enginePorts: EnginePorts;
      let divergences: Divergence[] = [];
      if (tape) {
        const replay = replayPorts(tape, {
          mode: "frozen",
          model: ports.model,
          embedder: ports.embedder,
          tools: ports.tools,
          refs: stableRefsOf(agent),
        });
        enginePorts = replay.ports;
        divergences = replay.divergences;
      } else {
        enginePorts = {
          model: ports.model,
          embedder: ports.embedder,
          tools: ports.tools,
          clock: caseClock(index),
          ids: caseIds(testCase.key, index),
        };
      }
      const turnId = turn.turn_id ?? `test-${testCase.key}-${index}`;
      const outcome = await runTurn(
        agent,
        { ...state, turnIndex: index },
        { message: turn.message, turnId, continuityEnabled: tape ? tape.continuity_enabled : testCase.continuity },
        enginePorts,
      );
      const facts = turnFacts(agent, outcome);
      const assertions = turn.assertions.map((assertion, a) => {
        const [passed, detail] = evaluateTurnAssertion(assertion, facts, declarations);
        const path = `turns[${index}].assertions[${a}]`;
        const name = turnAssertionName(assertion, index);
        const rule = "rule" in assertion ? { rule: assertion.rule } : {};
        return { path, name, kind: assertion.kind, passed, detail, ...rule };
      });
      turns.push({
        index,
        ...(turn.turn_id ? { recorded_turn_id: turn.turn_id } : {}),
        message: turn.message,
        facts,
        assertions,
        served: tape ? (divergences.length ? "diverged" : "tape") : "provider",
        divergences,
      });
      state = nextStartState(state.goal, outcome);
    }
  } catch (error) {
    const message = `the engine failed on turn ${turns.length + 1}: ${(error as Error).message}`;
    return { passed: false, turns, conversation: [], failures: [], error: message };
  }
  const facts = turns.map((t) => t.facts);
  const conversation = testCase.assertions.map((assertion, a) => {
    const [passed, detail] = evaluateConversationAssertion(assertion, facts);
    const name = conversationAssertionName(assertion);
    return { path: `assertions[${a}]`, name, kind: assertion.kind, passed, detail };
  });
  const failures = [...turns.flatMap((t) => t.assertions), ...conversation].filter((r) => !r.passed);
  return { passed: failures.length === 0, turns, conversation, failures, error: null };
}
