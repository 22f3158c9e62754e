import { createLenientCelEnvironment, type ParsedCel, parseCel } from "../../cel/cel-environment";
import type { EngineProfileField } from "../../contracts/snapshot";

export interface EntityValidation {
  accepted: Record<string, unknown>;
  rejected: { field: string; reason: string }[];
  ignored: string[];
}

const env = createLenientCelEnvironment();
const programs = new Map<string, ParsedCel["program"] | null>();

// Validation rules are few per agent; 2,000 parsed programs cover many agents in one process.
const MAX_CACHED_PROGRAMS = 2000;

function program(rule: string) {
  if (!programs.has(rule)) {
    if (programs.size >= MAX_CACHED_PROGRAMS) programs.clear();
    try {
      programs.set(rule, parseCel(env, rule).program);
    } catch {
      programs.set(rule, null);
    }
  }
  return programs.get(rule) ?? null;
}

function coerce(value: unknown, fieldType: string): unknown {
  if (fieldType === "number" || fieldType === "integer") {
    const n = typeof value === "number" ? value : Number(String(value).replace(/,/g, ""));
    return Number.isFinite(n) ? n : undefined;
  }
  if (fieldType === "boolean") {
    if (typeof value === "boolean") return value;
    if (value === "true" || value === "yes") return true;
    if (value === "false" || value === "no") return false;
    return undefined;
  }
  if (value === null || value === undefined) return undefined;
  return typeof value === "string" ? value.trim() : String(value);
}

/**
 * Entities touch the profile only when they are declared profile fields and pass every
 * validation rule (CEL over `value`). Everything else is reported, never stored.
 */
export function validateEntities(entities: Record<string, unknown>, fields: EngineProfileField[]): EntityValidation {
  const byName = new Map(fields.map((f) => [f.fieldName, f]));
  const result: EntityValidation = { accepted: {}, rejected: [], ignored: [] };
  for (const [name, raw] of Object.entries(entities)) {
    const field = byName.get(name);
    if (!field) {
      result.ignored.push(name);
      continue;
    }
    const value = coerce(raw, field.fieldType);
    if (value === undefined || value === "") {
      result.rejected.push({ field: name, reason: `not a ${field.fieldType}` });
      continue;
    }
    const failed = field.validationRules.find((rule) => {
      const run = program(rule);
      if (!run) return true;
      try {
        return run({ value }) !== true;
      } catch {
        return true;
      }
    });
    if (failed) result.rejected.push({ field: name, reason: `fails ${failed}` });
    else result.accepted[name] = value;
  }
  return result;
}
