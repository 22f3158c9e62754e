import { z } from "zod";
import { CEL_RESERVED_WORDS } from "../cel/cel-environment";
import { TEXT_LIMITS as T } from "./bundle-text";

// The keys a bundle (bundle.ts) refers to its agent and its entities by: stable keys, never database ids.

// "import" is a sibling route segment of /api/v1/agents/{key}; an agent with that key would be unreachable.
const RESERVED_AGENT_KEYS = new Set(["import"]);

export const AgentKey = z
  .string()
  .max(T.key)
  .regex(/^[a-z0-9][a-z0-9-]*$/, "Use lower-case letters, digits and hyphens, starting with a letter or digit")
  .refine((k) => !RESERVED_AGENT_KEYS.has(k), "This key is reserved; choose another");

/** Keys of tools, scenarios, steps and rules; no "/" because a STEP rule refers to "scenario/step". */
export const EntityKey = z
  .string()
  .max(T.key)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, "Use lower-case letters, digits, '_' and '-', starting with a letter or digit");

/** Profile fields, response variables and tool outputs are CEL variables, so their names are CEL identifiers. */
export const VariableName = z
  .string()
  .max(T.key)
  .regex(/^[a-z][a-z0-9_]*$/, "Use lower-case letters, digits and '_', starting with a letter")
  .refine((n) => !CEL_RESERVED_WORDS.has(n), "This is a reserved word in CEL; choose another name");
