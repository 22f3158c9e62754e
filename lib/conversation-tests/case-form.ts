import type { z } from "zod";
import type {
  BundleTestCase,
  BundleTestCaseInput,
  ConversationAssertion,
  TestTurn,
  TurnAssertion,
} from "@/lib/engine/contracts/test-case";
import { parseJsonText } from "@/lib/tools/json-text";

// The test editor's form: a case as the designer edits it (tags as text, the profile as JSON text,
// turns with a stable id for reordering), and back to the case the REST route takes.

export interface TurnForm {
  /** Stable across reorders (React keys); not saved. */
  id: string;
  message: string;
  assertions: TurnAssertion[];
  tape?: z.input<typeof TestTurn>["tape"];
  turn_id?: string;
}

export interface CaseForm {
  key: string;
  name: string;
  suite: string;
  tags: string;
  description: string;
  enabled: boolean;
  continuity: boolean;
  profile: string;
  turns: TurnForm[];
  assertions: ConversationAssertion[];
}

export type FormErrors = Record<string, string[]>;

let nextTurnId = 0;
const newTurnId = () => `turn-${++nextTurnId}`;

export function emptyTurn(): TurnForm {
  return { id: newTurnId(), message: "", assertions: [] };
}

export function caseToForm(testCase: BundleTestCase): CaseForm {
  return {
    key: testCase.key,
    name: testCase.name,
    suite: testCase.suite,
    tags: testCase.tags.join(", "),
    description: testCase.description,
    enabled: testCase.enabled,
    continuity: testCase.continuity,
    profile: JSON.stringify(testCase.customer_profile, null, 2),
    turns: testCase.turns.map((turn) => ({
      id: newTurnId(),
      message: turn.message,
      assertions: turn.assertions,
      ...(turn.tape ? { tape: turn.tape } : {}),
      ...(turn.turn_id ? { turn_id: turn.turn_id } : {}),
    })),
    assertions: testCase.assertions,
  };
}

export function newCaseForm(): CaseForm {
  return {
    key: "",
    name: "",
    suite: "default",
    tags: "",
    description: "",
    enabled: true,
    continuity: false,
    profile: "{}",
    turns: [emptyTurn()],
    assertions: [],
  };
}

/** A copy to save under a new key: "-copy" appended, the name marked, the recordings kept. */
export function duplicateForm(testCase: BundleTestCase): CaseForm {
  return { ...caseToForm(testCase), key: `${testCase.key}-copy`.slice(0, 64), name: `${testCase.name} (copy)` };
}

/** "eu, refunds smoke" → ["eu", "refunds", "smoke"] */
export function tagsOf(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter(Boolean))];
}

/** The form as the case the route takes, or the field errors that stop it converting (the profile's JSON). */
export function formToCase(
  form: CaseForm,
): { ok: true; testCase: BundleTestCaseInput } | { ok: false; fieldErrors: FormErrors } {
  const profile = parseJsonText(form.profile);
  if (!profile.ok) return { ok: false, fieldErrors: { customer_profile: [`Not valid JSON: ${profile.message}`] } };
  const value = profile.value;
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { ok: false, fieldErrors: { customer_profile: ['The profile is a JSON object, e.g. {"country": "FR"}'] } };
  }
  return {
    ok: true,
    testCase: {
      key: form.key.trim(),
      name: form.name.trim(),
      suite: form.suite.trim() || "default",
      tags: tagsOf(form.tags),
      description: form.description,
      customer_profile: value as Record<string, unknown>,
      continuity: form.continuity,
      turns: form.turns.map(({ id: _id, ...turn }) => turn),
      assertions: form.assertions,
      enabled: form.enabled,
    },
  };
}

/** The server's errors at `path` or inside it ("turns[0].assertions[1]" holds "turns[0].assertions[1].rule"). */
export function errorsAt(errors: FormErrors, path: string): string[] {
  return Object.entries(errors)
    .filter(([key]) => key === path || key.startsWith(`${path}.`))
    .flatMap(([key, messages]) =>
      key === path ? messages : messages.map((m) => `${key.slice(path.length + 1)}: ${m}`),
    );
}

/** Moves item `from` to `to` (a reorder of turns), leaving the rest in order. */
export function moved<T>(items: T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return items;
  const out = [...items];
  const [item] = out.splice(from, 1);
  if (item !== undefined) out.splice(to, 0, item);
  return out;
}
