import { type CelType, createLenientCelEnvironment, parseCel } from "../cel/cel-environment";
import { checkExpression } from "../cel/check-expression";
import { AgentSettings, resolveAgentSettings } from "../contracts/agent-settings";
import { declaredNamesOf } from "../contracts/money-variable";
import type {
  AgentSnapshot,
  EngineRule,
  EngineScenario,
  EngineStep,
  EngineTool,
  EngineTransition,
} from "../contracts/snapshot";
import { type PathStep, parseToolOutputPath } from "../contracts/tool-output-path";
import { type CompiledKnowledge, compileKnowledge } from "../knowledge/compiled-knowledge";
import type { KnowledgeStore } from "../knowledge/knowledge-store";
import type { Embedder } from "../ports";
import { KnownTexts, knownTextsOf } from "../stages/enforcement/grounding/known-texts";
import { type NonZeroTerms, nonZeroTerms } from "./similarity";

// Explicit exits always break stickiness (docs/decisions.md#stickiness-boost-015-exit-threshold-085).
export const EXIT_EXAMPLES = ["cancel", "start over", "never mind", "forget it", "stop this", "I want to start again"];

type CelProgram = (context: Record<string, unknown>) => unknown;

export interface CompiledRule {
  rule: EngineRule;
  vector: Float32Array;
  /** The vector's non-zero terms when it is sparse (similarity.ts), for filtering's scores; null when dense. */
  terms: NonZeroTerms | null;
  /** Lane-1 program, parsed once per config version; null without an expression. */
  program: CelProgram | null;
  /** Variables the expression reads. */
  variables: string[];
}

interface CompiledTransition {
  transition: EngineTransition;
  vectors: Float32Array[];
}

interface CompiledScenario {
  scenario: EngineScenario;
  vectors: Float32Array[];
  steps: Map<string, EngineStep>;
  transitionsFrom: Map<string, CompiledTransition[]>;
}

interface CompiledToolVariable {
  name: string;
  steps: PathStep[];
}

/** Everything the engine precomputes per config version: embeddings, CEL programs, indexes. */
export interface CompiledAgent {
  snapshot: AgentSnapshot;
  rules: CompiledRule[];
  /** Each rule by its id (the first, should two share one): a turn looks up the rules it matched, at 1,000 rules a search each. */
  rulesById: Map<string, CompiledRule>;
  globalRules: CompiledRule[];
  rulesByScopeId: Map<string, CompiledRule[]>;
  scenarios: Map<string, CompiledScenario>;
  scenarioOfStep: Map<string, string>;
  tools: Map<string, EngineTool>;
  toolVariables: Map<string, CompiledToolVariable[]>;
  exitVectors: Float32Array[];
  embedderName: string;
  /** The agent's knowledge indexed (docs/knowledge.md); null without sources. */
  knowledge: CompiledKnowledge | null;
  /** The designer's texts the `ungrounded` check reads as evidence, each read once (known-texts.ts). */
  knownTexts: KnownTexts;
  /**
   * The snapshot's settings with every default filled (`resolveAgentSettings`), parsed once per config
   * version: parsing them on every turn was 6% of it at 1,000 rules. Frozen, since every turn shares
   * them. null when they do not parse; read them through `settingsOf`, which then throws as before.
   */
  settings: AgentSettings | null;
}

/** The agent's resolved settings; throws a ZodError, as `resolveAgentSettings` does, when they are not valid. */
export function settingsOf(agent: CompiledAgent): AgentSettings {
  return agent.settings ?? resolveAgentSettings(agent.snapshot.settings);
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

function celTypeOf(fieldType: string): CelType {
  if (fieldType === "number" || fieldType === "integer" || fieldType === "money") return "double";
  if (fieldType === "boolean" || fieldType === "phrases") return "bool";
  if (fieldType === "string") return "string";
  return "dyn";
}

function declarations(snapshot: AgentSnapshot, toolVariables: Map<string, CompiledToolVariable[]>) {
  const declared: Record<string, CelType> = {};
  for (const field of snapshot.profileFields) declared[field.fieldName] = celTypeOf(field.fieldType);
  for (const variable of snapshot.responseVariables)
    for (const name of declaredNamesOf(variable)) declared[name] = celTypeOf(variable.type);
  for (const vars of toolVariables.values()) for (const v of vars) declared[v.name] ??= "dyn";
  return declared;
}

function compileToolVariables(tool: EngineTool): CompiledToolVariable[] {
  const mapping = tool.output.variables;
  if (!mapping || typeof mapping !== "object") return [];
  return Object.entries(mapping as Record<string, unknown>).flatMap(([name, path]) => {
    const steps = typeof path === "string" ? parseToolOutputPath(path) : null;
    return steps ? [{ name, steps }] : [];
  });
}

type Vectors = Float32Array[];

/** Where each text sits in the one embedding call: rules, then each scenario's examples and transitions, then exits. */
function textsToEmbed(snapshot: AgentSnapshot) {
  const scenarios = snapshot.scenarios.filter((s) => s.enabled);
  const texts: string[] = [];
  for (const rule of snapshot.rules) texts.push(rule.conditionText);
  const scenarioSlices = scenarios.map((scenario) => {
    const start = texts.length;
    const examples = scenario.entryExamples.length ? scenario.entryExamples : [scenario.name];
    texts.push(...examples);
    const transitions = scenario.transitions.map((t) => {
      const tStart = texts.length;
      texts.push(t.conditionText, ...t.examples);
      return { t, tStart, tEnd: texts.length };
    });
    return { scenario, start, end: start + examples.length, transitions };
  });
  const exitStart = texts.length;
  texts.push(...EXIT_EXAMPLES);
  return { texts, scenarioSlices, exitStart };
}

type ScenarioSlice = ReturnType<typeof textsToEmbed>["scenarioSlices"][number];

/**
 * Each rule with its condition's vector and its CEL program. Lenient at turn time: an expression was
 * checked at save time; a variable declared since then is read as dyn rather than failing the whole turn.
 */
function compileRules(
  snapshot: AgentSnapshot,
  toolVariables: Map<string, CompiledToolVariable[]>,
  vectors: Vectors,
): CompiledRule[] {
  const env = createLenientCelEnvironment();
  for (const [name, type] of Object.entries(declarations(snapshot, toolVariables))) env.registerVariable(name, type);
  return snapshot.rules.map((rule, i) => {
    let program: CelProgram | null = null;
    let variables: string[] = [];
    if (rule.enforcementExpression) {
      const probe = checkExpression(rule.enforcementExpression, {});
      variables = probe.ok ? [] : probe.undeclared;
      try {
        program = parseCel(env, rule.enforcementExpression).program;
      } catch {
        program = null;
      }
    }
    const vector = vectors[i] ?? new Float32Array(0);
    return { rule, vector, terms: nonZeroTerms(vector), program, variables };
  });
}

function firstById(rules: CompiledRule[]): Map<string, CompiledRule> {
  const byId = new Map<string, CompiledRule>();
  for (const compiled of rules) if (!byId.has(compiled.rule.id)) byId.set(compiled.rule.id, compiled);
  return byId;
}

/** GLOBAL rules, and the other rules by the scenario or step they are scoped to. */
function rulesByScope(rules: CompiledRule[]) {
  const rulesByScopeId = new Map<string, CompiledRule[]>();
  const globalRules: CompiledRule[] = [];
  for (const compiled of rules) {
    if (compiled.rule.scope === "GLOBAL" || !compiled.rule.scopeId) {
      if (compiled.rule.scope === "GLOBAL") globalRules.push(compiled);
      continue;
    }
    const list = rulesByScopeId.get(compiled.rule.scopeId) ?? [];
    list.push(compiled);
    rulesByScopeId.set(compiled.rule.scopeId, list);
  }
  return { rulesByScopeId, globalRules };
}

/** Each enabled scenario with its example vectors, steps and transitions by the step they leave. */
function compileScenarios(slices: ScenarioSlice[], vectors: Vectors) {
  const scenarios = new Map<string, CompiledScenario>();
  const scenarioOfStep = new Map<string, string>();
  for (const slice of slices) {
    const transitionsFrom = new Map<string, CompiledTransition[]>();
    for (const { t, tStart, tEnd } of slice.transitions) {
      const list = transitionsFrom.get(t.fromStepId) ?? [];
      list.push({ transition: t, vectors: vectors.slice(tStart, tEnd) });
      transitionsFrom.set(t.fromStepId, list);
    }
    for (const step of slice.scenario.steps) scenarioOfStep.set(step.id, slice.scenario.id);
    scenarios.set(slice.scenario.id, {
      scenario: slice.scenario,
      vectors: vectors.slice(slice.start, slice.end),
      steps: new Map(slice.scenario.steps.map((s) => [s.id, s])),
      transitionsFrom,
    });
  }
  return { scenarios, scenarioOfStep };
}

/**
 * `knowledgeStore`: where the host keeps this version's passages when the base is too large to index
 * in memory (docs/knowledge.md#large-knowledge-bases); without it the passages are indexed here.
 */
export async function compileAgent(
  snapshot: AgentSnapshot,
  embedder: Embedder,
  knowledgeStore?: KnowledgeStore,
): Promise<CompiledAgent> {
  const parsed = AgentSettings.safeParse(snapshot.settings ?? {});
  const settings = parsed.success ? deepFreeze(parsed.data) : null;
  const toolVariables = new Map(snapshot.tools.map((tool) => [tool.id, compileToolVariables(tool)]));
  const { texts, scenarioSlices, exitStart } = textsToEmbed(snapshot);
  const vectors = await embedder.embed(texts);
  const rules = compileRules(snapshot, toolVariables, vectors);
  const { rulesByScopeId, globalRules } = rulesByScope(rules);
  const { scenarios, scenarioOfStep } = compileScenarios(scenarioSlices, vectors);
  const knowledge = await compileKnowledge(snapshot.knowledge, embedder, knowledgeStore);
  return {
    snapshot,
    rules,
    rulesById: firstById(rules),
    globalRules,
    rulesByScopeId,
    scenarios,
    scenarioOfStep,
    tools: new Map(snapshot.tools.map((t) => [t.id, t])),
    toolVariables,
    exitVectors: vectors.slice(exitStart),
    embedderName: embedder.name,
    knowledge,
    knownTexts: new KnownTexts(knownTextsOf(snapshot, settings?.sensor.out_of_scope_reply)),
    settings,
  };
}
