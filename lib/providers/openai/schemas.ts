import { z } from "zod";
import { ALLOWED_REFORMULATION_TYPES } from "@/lib/engine/contracts/goal-state";
import type {
  ExtractRequest,
  GenerateOutput,
  GenerateRequest,
  JudgeOutput,
  SenseRequest,
  SensorOutput,
} from "@/lib/engine/contracts/model";

// Structured outputs: one JSON schema per call for `response_format: { type: "json_schema", strict: true }`
// and one zod schema that checks what actually came back (an OpenAI-compatible server may ignore the
// schema). Strict mode wants every property required and `additionalProperties: false`, so optional
// values are `["type", "null"]`. The sensor and extractor schemas are built per request: their
// properties are the request's intents, profile fields and variables.

export interface JsonSchemaFormat {
  name: string;
  schema: Record<string, unknown>;
}

function jsonType(fieldType: string): string {
  if (fieldType === "number" || fieldType === "integer") return "number";
  if (fieldType === "boolean") return "boolean";
  return "string";
}

function nullableObject(properties: Record<string, Record<string, unknown>>): Record<string, unknown> {
  return { type: "object", properties, required: Object.keys(properties), additionalProperties: false };
}

/**
 * Goal reformulation: the sensor may propose a goal reformulation only when the request carries the session's
 * goal and evidence to cite — without evidence no candidate can pass criterion 3 (≥ 1 supporting
 * item), so the field is left out and costs no tokens. When present it is nullable (strict mode has
 * no optional properties: anyOf object | null), the type is one of the four allowed ones and every
 * evidence id is one of the ids offered, so a strict server cannot return an invented id.
 */
export function offersGoalReformulation(request: SenseRequest): boolean {
  return Boolean(request.goal) && (request.evidence?.length ?? 0) > 0;
}

function goalReformulationSchema(request: SenseRequest): Record<string, unknown> {
  const ids = (request.evidence ?? []).map((e) => e.id);
  return {
    anyOf: [
      nullableObject({
        type: { type: "string", enum: [...ALLOWED_REFORMULATION_TYPES] },
        reformulated: { type: "string" },
        confidence: { type: "number" },
        evidence_ids: { type: "array", items: { type: "string", enum: ids } },
        token_pairs: {
          type: "array",
          items: nullableObject({ original_token: { type: "string" }, candidate_token: { type: "string" } }),
        },
      }),
      { type: "null" },
    ],
  };
}

export function senseFormat(request: SenseRequest): JsonSchemaFormat {
  const entityProperties: Record<string, Record<string, unknown>> = {};
  for (const field of request.profileFields) {
    entityProperties[field.fieldName] = { type: [jsonType(field.fieldType), "null"], description: field.description };
  }
  return {
    name: "sensor_context",
    schema: nullableObject({
      detected_intent: { type: ["string", "null"], enum: [...request.intents.map((i) => i.label), null] },
      intent_confidence: { type: "number" },
      entities: nullableObject(entityProperties),
      is_ambiguous: { type: "boolean" },
      ambiguity_reason: { type: ["string", "null"] },
      ...(offersGoalReformulation(request) ? { goal_reformulation: goalReformulationSchema(request) } : {}),
    }),
  };
}

// The proposal's shape only: whether its type, confidence and evidence are acceptable is the engine's
// to judge (reformulation stage), which records an invalid or rejected candidate in the trace. A
// proposal of the wrong shape (only a server ignoring the strict schema sends one) is dropped on its
// own: an optional field must not cost the customer the turn. The lengths bound what such a server can
// make the engine read: a goal is at most 1000 characters, a candidate takes at most 50 evidence items.
const GoalReformulationJson = z.object({
  type: z.string().max(64),
  reformulated: z.string().max(4000),
  confidence: z.number(),
  evidence_ids: z.array(z.string().max(200)).max(50),
  token_pairs: z
    .array(z.object({ original_token: z.string().max(200), candidate_token: z.string().max(200) }))
    .max(50)
    .nullish(),
});

const SensorJson = z.object({
  detected_intent: z.string().nullable(),
  intent_confidence: z.number().min(0).max(1),
  entities: z.record(z.string(), z.unknown()).nullable(),
  is_ambiguous: z.boolean(),
  ambiguity_reason: z.string().nullable(),
  // Absent when the request offered none (offersGoalReformulation) or the server ignored the schema.
  goal_reformulation: z.unknown().optional(),
});

/** A clause, like the sensor's own reasons: the engine writes "I want to be sure I understand: <reason>." */
const DEFAULT_AMBIGUITY_REASON = "your message leaves open what you'd like me to do";

/** The Context, or a message saying what is wrong with the model's answer. */
export function parseSensor(
  json: unknown,
  request: SenseRequest,
): { ok: true; value: SensorOutput } | { ok: false; message: string } {
  const parsed = SensorJson.safeParse(json);
  if (!parsed.success)
    return { ok: false, message: `sensor output does not match the schema: ${z.prettifyError(parsed.error)}` };
  const value = parsed.data;
  if (value.detected_intent !== null && !request.intents.some((i) => i.label === value.detected_intent)) {
    return {
      ok: false,
      message: `sensor picked an intent that was not offered: ${JSON.stringify(value.detected_intent)}`,
    };
  }
  // Only declared fields, and only stated values: null means "not in the message".
  const declared = new Set(request.profileFields.map((f) => f.fieldName));
  const entities: Record<string, unknown> = {};
  for (const [name, entity] of Object.entries(value.entities ?? {})) {
    if (declared.has(name) && entity !== null && entity !== undefined && entity !== "") entities[name] = entity;
  }
  const proposal = offersGoalReformulation(request)
    ? (GoalReformulationJson.nullable().safeParse(value.goal_reformulation ?? null).data ?? null)
    : null;
  return {
    ok: true,
    value: {
      detected_intent: value.detected_intent,
      intent_confidence: value.intent_confidence,
      entities,
      is_ambiguous: value.is_ambiguous,
      ambiguity_reason: value.is_ambiguous ? value.ambiguity_reason?.trim() || DEFAULT_AMBIGUITY_REASON : null,
      ...(proposal
        ? {
            goal_reformulation: {
              type: proposal.type,
              reformulated: proposal.reformulated,
              confidence: proposal.confidence,
              evidence_ids: proposal.evidence_ids,
              token_pairs: proposal.token_pairs ?? [],
            },
          }
        : {}),
    },
  };
}

export const judgeFormat: JsonSchemaFormat = {
  name: "judge_verdict",
  schema: nullableObject({
    passed: { type: "boolean" },
    score: { type: "number", minimum: 0, maximum: 1 },
    reason: { type: "string" },
    bias_tags: { type: "array", items: { type: "string" } },
  }),
};

const JudgeJson = z.object({
  passed: z.boolean(),
  score: z.number().min(0).max(1),
  reason: z.string(),
  bias_tags: z.array(z.string().min(1).max(64)).max(20),
});

export function parseJudge(json: unknown): { ok: true; value: JudgeOutput } | { ok: false; message: string } {
  const parsed = JudgeJson.safeParse(json);
  if (!parsed.success)
    return { ok: false, message: `judge output does not match the schema: ${z.prettifyError(parsed.error)}` };
  return { ok: true, value: parsed.data };
}

/** The claim form of one response variable: money {amount, currency}, a number, or a boolean; each nullable. */
function claimSchema(variable: GenerateRequest["responseVariables"][number]): Record<string, unknown> {
  const description = variable.currency ? `${variable.description} (in ${variable.currency})` : variable.description;
  if (variable.type === "money") {
    return {
      anyOf: [
        nullableObject({ amount: { type: "number" }, currency: { type: "string", description: "ISO 4217 code" } }),
        { type: "null" },
      ],
      description,
    };
  }
  return { type: [variable.type === "number" ? "number" : "boolean", "null"], description };
}

/** Generation: the reply plus, per response variable in scope, the value it commits to. */
export function generateFormat(request: GenerateRequest): JsonSchemaFormat {
  const claims: Record<string, Record<string, unknown>> = {};
  for (const variable of request.responseVariables) claims[variable.name] = claimSchema(variable);
  return {
    name: "reply_with_claims",
    schema: nullableObject({ reply: { type: "string" }, claims: nullableObject(claims) }),
  };
}

/**
 * The reply and its claims as they came back. Claims are passed on unchecked: the engine reads them
 * against the agent's variables and sets aside what does not fit, with the reason in the trace. A
 * server that ignored the schema and wrote plain text gives a reply with no claims, and so does one
 * whose text happens to parse as JSON but is not an object ("42", "[1, 2]", a JSON string: the
 * string itself): that is what it said, and lane 1 reads it with no claims (the generation span's
 * claim_problems says so). An object without a reply is the schema half-followed and fails.
 */
export function parseGenerate(content: string): { ok: true; value: GenerateOutput } | { ok: false; message: string } {
  const json = parseJsonText(content);
  if (!json.ok) return { ok: true, value: { text: content.trim() } };
  const body = json.json;
  if (typeof body === "string") return { ok: true, value: { text: body.trim() } };
  if (body === null || typeof body !== "object" || Array.isArray(body))
    return { ok: true, value: { text: content.trim() } };
  const { reply, claims } = body as { reply?: unknown; claims?: unknown };
  if (typeof reply !== "string" || !reply.trim()) return { ok: false, message: "generation output has no reply" };
  return {
    ok: true,
    value: { text: reply.trim(), ...(claims === undefined ? {} : { claims: claims as GenerateOutput["claims"] }) },
  };
}

export function extractFormat(request: ExtractRequest): JsonSchemaFormat {
  const properties: Record<string, Record<string, unknown>> = {};
  for (const variable of request.variables) {
    properties[variable.name] = { type: [jsonType(variable.type), "null"], description: variable.description };
  }
  return { name: "extracted_variables", schema: nullableObject(properties) };
}

export function parseExtract(
  json: unknown,
  request: ExtractRequest,
): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  if (json === null || typeof json !== "object" || Array.isArray(json)) {
    return { ok: false, message: "extractor output is not a JSON object" };
  }
  const value: Record<string, unknown> = {};
  for (const variable of request.variables) {
    const raw = (json as Record<string, unknown>)[variable.name];
    if (raw === null || raw === undefined) continue;
    const expected = jsonType(variable.type);
    if (typeof raw !== expected || (typeof raw === "number" && !Number.isFinite(raw))) {
      return { ok: false, message: `extractor gave ${variable.name} a ${typeof raw}, expected ${expected}` };
    }
    value[variable.name] = raw;
  }
  return { ok: true, value };
}

/** Model text → JSON. Tolerates a ```json fence, which some OpenAI-compatible servers add. */
export function parseJsonText(text: string): { ok: true; json: unknown } | { ok: false; message: string } {
  const trimmed = text
    .trim()
    .replace(/^```(?:json)?\s*/i, "")
    .replace(/\s*```$/, "");
  if (!trimmed) return { ok: false, message: "the model returned no content" };
  try {
    return { ok: true, json: JSON.parse(trimmed) };
  } catch (error) {
    return { ok: false, message: `the model returned invalid JSON: ${(error as Error).message}` };
  }
}
