import demo from "@/lib/demo/refund-desk.bundle.json";
import type { GenerateRequest, IntentOption, SenseRequest } from "@/lib/engine/contracts/model";

// Requests shaped the way the engine builds them for the demo Refund desk (lib/engine/stages/sensor:
// every scenario's intent_label with its entry examples, the current step's transitions as
// "transition:<id>", and "exit"), for the offline provider's tests and for trying prompts by hand.

const DEMO_EXIT_EXAMPLES = ["cancel", "start over", "never mind", "forget it", "stop this", "I want to start again"];

type DemoStepKey = "ask_order" | "look_up_order" | "verify" | "offer_refund" | "identify_product" | "quote_price";

function scenarioOfStep(step: DemoStepKey) {
  const scenario = demo.scenarios.find((s) => s.steps.some((st) => st.key === step));
  if (!scenario) throw new Error(`demo fixture: no step ${step}`);
  return scenario;
}

function demoIntents(activeStep?: DemoStepKey): IntentOption[] {
  const intents: IntentOption[] = demo.scenarios.map((s) => ({
    label: s.intent_label,
    kind: "scenario",
    description: s.description,
    examples: s.entry_examples,
  }));
  if (activeStep) {
    const scenario = scenarioOfStep(activeStep);
    for (const t of scenario.transitions.filter((tr) => tr.from === activeStep)) {
      intents.push({
        label: `transition:${scenario.key}/${t.from}->${t.to}`,
        kind: "transition",
        description: t.condition_text,
        examples: t.examples,
      });
    }
  }
  intents.push({
    label: "exit",
    kind: "exit",
    description: "The customer wants to stop or start over",
    examples: DEMO_EXIT_EXAMPLES,
  });
  return intents;
}

export function demoSenseRequest(
  message: string,
  options: { step?: DemoStepKey; history?: SenseRequest["history"] } = {},
): SenseRequest {
  const scenario = options.step ? scenarioOfStep(options.step) : null;
  const step = scenario?.steps.find((s) => s.key === options.step) ?? null;
  return {
    message,
    history: options.history ?? [],
    intents: demoIntents(options.step),
    profileFields: demo.profile_fields.map((f) => ({
      fieldName: f.field_name,
      description: f.description,
      fieldType: f.field_type,
      extractionHints: f.extraction_hints,
    })),
    activeScenario: scenario ? { name: scenario.name, intentLabel: scenario.intent_label } : null,
    activeStep: step ? { name: step.name, instructions: step.instructions } : null,
  };
}

export function demoRule(key: string): GenerateRequest["ruleActions"][number] {
  const rule = demo.rules.find((r) => r.key === key);
  if (!rule) throw new Error(`demo fixture: no rule ${key}`);
  return { ruleId: rule.key, name: rule.name, actionText: rule.action_text };
}

export function demoLookupOutput(): GenerateRequest["toolOutputs"][number] {
  const tool = demo.tools[0];
  if (!tool) throw new Error("demo fixture: no tool");
  return { toolKey: tool.key, toolName: tool.name, output: structuredClone(tool.output.data) };
}

export function demoGenerateRequest(
  message: string,
  options: Partial<Omit<GenerateRequest, "message" | "step" | "scenario">> & { step?: DemoStepKey } = {},
): GenerateRequest {
  const scenario = options.step ? scenarioOfStep(options.step) : null;
  const step = scenario?.steps.find((s) => s.key === options.step) ?? null;
  return {
    agentName: options.agentName ?? demo.agent.name,
    message,
    history: options.history ?? [],
    ruleActions: options.ruleActions ?? [],
    step: step ? { name: step.name, instructions: step.instructions } : null,
    scenario: scenario ? { name: scenario.name } : null,
    toolOutputs: options.toolOutputs ?? [],
    profile: options.profile ?? {},
    missingVariables: options.missingVariables ?? [],
    violations: options.violations ?? [],
    responseVariables: options.responseVariables ?? [],
  };
}
