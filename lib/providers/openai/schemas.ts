import { z } from "zod";
import type { ExtractRequest, JudgeOutput, SenseRequest, SensorOutput } from "@/lib/engine/contracts/model";

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
    }),
  };
}

const SensorJson = z.object({
  detected_intent: z.string().nullable(),
  intent_confidence: z.number().min(0).max(1),
  entities: z.record(z.string(), z.unknown()).nullable(),
  is_ambiguous: z.boolean(),
  ambiguity_reason: z.string().nullable(),
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
  return {
    ok: true,
    value: {
      detected_intent: value.detected_intent,
      intent_confidence: value.intent_confidence,
      entities,
      is_ambiguous: value.is_ambiguous,
      ambiguity_reason: value.is_ambiguous ? value.ambiguity_reason?.trim() || DEFAULT_AMBIGUITY_REASON : null,
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
