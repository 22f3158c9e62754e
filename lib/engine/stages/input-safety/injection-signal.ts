// What an injection signal is: its name (a span attribute, never the customer's text) and its weight,
// which every signal module (injection-signals.ts and the modules beside it) gives the same way:
// the chance, on its own, that the message is an attempt. Weights combine as independent evidence,
// 1 − Π(1 − w) (classify-input.ts), against the verdict lines ≥ 0.7 flagged and ≥ 0.4 uncertain:
//   STRONG 0.9 and LIKELY 0.8: a shape customers do not write; flagged alone.
//   MEDIUM 0.6: a shape customers rarely write; uncertain alone, flagged with any other signal
//     (0.6 and 0.45 combine to 0.78).
//   WEAK 0.45: a shape customers sometimes write ("act as a translator"); uncertain alone, and two of
//     them stay uncertain (0.45 and 0.45 combine to 0.6975).

export type InjectionSignal =
  | "override_instructions"
  | "override_context"
  | "instructions_void"
  | "replacement_instructions"
  | "task_switch"
  | "prompt_extraction"
  | "text_above"
  | "roleplay_frame"
  | "stay_in_character"
  | "no_restrictions"
  | "jailbreak_name"
  | "authority_claim"
  | "coercion"
  | "hypothetical_frame"
  | "forced_output"
  | "secret_request"
  | "personal_data_request"
  | "fake_context"
  | "payload_splitting"
  | "transcript_frame"
  | "padding"
  | "shouted_insert"
  | "escaped_newlines"
  | "role_tags";

export type Weighted<S extends string> = Map<S, number>;

export const STRONG = 0.9;
export const LIKELY = 0.8;
export const MEDIUM = 0.6;
export const WEAK = 0.45;

/** Records `signal` at `weight` unless it is already there at least as strong. */
export function raise<S extends string>(signals: Weighted<S>, signal: S, weight: number): void {
  if (weight > (signals.get(signal) ?? 0)) signals.set(signal, weight);
}
