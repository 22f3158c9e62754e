// What each agent setting means, in a designer's words: the Settings page shows the label and the
// line under it, with the key in small type for bundle authors. Every key of every section needs an
// entry (setting-descriptions.test.ts checks), so a new setting cannot reach the page unexplained.

import { TURN_OUTCOMES } from "@/lib/engine/contracts/turn-outcome";
import { PRIVACY_SECTION_DESCRIPTION, PRIVACY_SETTING_DESCRIPTIONS } from "./privacy-setting-descriptions";

export interface SettingDescription {
  label: string;
  help: string;
}

export const SECTION_DESCRIPTIONS: Record<string, string> = {
  scenario_filter:
    "How a message moves the conversation between scenarios and steps, and how hard it is to leave the current scenario.",
  enforcement: "How every draft reply is checked against hard rules before the customer sees it.",
  rerun:
    "Limits for loops posted by an orchestrator: when a loop's output is good enough, and how often it may run again.",
  fatigue: "How repeated reruns that do not improve wear a loop out until it is finalized.",
  continuity:
    "Resolving short follow-ups (“the second one”) against the options the agent just offered, without asking again.",
  ambiguity: "When a message is too unclear to act on and the agent asks a clarifying question instead.",
  sensor:
    "How each message's intent is read: by a local, embedding-based sensor when it is sure, else by a model call.",
  retrieval: "Which rules count as relevant to a message.",
  testing: "Running this agent's conversation tests on every configuration save.",
  retention: "How long conversations are kept. A daily job deletes older ones; the ledger keeps only counts.",
  input_safety:
    "What happens to a customer message that tries to override the agent's instructions, read its prompt, escape its rules by role play, or abuse someone.",
  handoff: "When the agent hands a conversation to a person, and what the customer hears meanwhile.",
  reviews: "Which conversations are sent to the review queue for a person to label.",
  approvals:
    "What the customer hears while a tool that requires approval waits for an operator, and how long it waits.",
  widget:
    "The embeddable chat widget: how many conversations and messages each end customer, address and publishable key may send.",
  language:
    "Which languages the agent answers in. Each message's language is read locally; the reply is written in it.",
  privacy: PRIVACY_SECTION_DESCRIPTION,
  pricing:
    "What the model's tokens cost, so every turn stores its cost. OpenAI's common models are priced already; add the models of another server here.",
  knowledge: "How the agent answers from its knowledge sources, and what it says when they do not answer a question.",
};

const d = (label: string, help: string): SettingDescription => ({ label, help });

export const SETTING_DESCRIPTIONS: Record<string, SettingDescription> = {
  "knowledge.passages_in_prompt": d(
    "Passages per reply",
    "How many of the best passages the reply is written from (1–10). More gives the model more to go on and a longer prompt.",
  ),
  "knowledge.no_answer_reply": d(
    "When the knowledge has no answer",
    "What the agent says to a question its sources do not answer, when no scenario or tool covers it. It says this instead of guessing.",
  ),
  "knowledge.offer_person": d("Offer a person", "Added after that reply. Leave empty to offer nobody."),
  "pricing.models": d(
    "Prices per model",
    "One model a line: model = input / output / cached input, in US dollars per million tokens (the cached price may be left out). These add to and override the built-in OpenAI prices; a model priced nowhere leaves its turns' cost unknown.",
  ),
  "scenario_filter.enabled": d(
    "Route between scenarios",
    "Off: every message is answered without entering or moving through scenarios.",
  ),
  "scenario_filter.stickiness_boost": d(
    "Stickiness",
    "Added to the scores of the current scenario's next steps, so a follow-up that mentions another topic stays put. Higher = stickier.",
  ),
  "scenario_filter.exit_intent_threshold": d(
    "Score needed to switch scenario",
    "Another scenario must match at least this well to take over mid-conversation. “Cancel” and “start over” always leave.",
  ),
  "scenario_filter.max_loop_count": d(
    "Steps per scenario visit",
    "After this many steps inside one scenario visit, the agent stops advancing and answers in place.",
  ),
  "scenario_filter.fallback_behavior": d(
    "When no next step fits",
    "After the clarifications below run out: clarify again, stay on the step and answer, or escalate to a person.",
  ),
  "scenario_filter.max_clarifications_per_step": d(
    "Clarifying questions per step",
    "How many times the agent may ask “I didn't quite understand” at one step before the fallback above applies.",
  ),
  "scenario_filter.min_transition_score": d(
    "Score needed to move on",
    "A next step or a new scenario must match at least this well (0–1) to be taken.",
  ),
  "enforcement.enabled": d("Check replies", "Off: drafts are sent without any rule check. Leave on in production."),
  "enforcement.max_retries": d(
    "Rewrites per reply",
    "How many times a draft that broke a hard rule is rewritten before the safe fallback reply is sent.",
  ),
  "enforcement.deterministic_enabled": d(
    "Expression checks (lane 1)",
    "Evaluate each hard rule's expression, such as refund_amount <= 50, on every reply. No model call.",
  ),
  "enforcement.llm_judge_enabled": d(
    "Judge checks (lane 2)",
    "Ask a model to judge subjective hard rules (“be polite”) when they are in play. One extra model call.",
  ),
  "enforcement.llm_judge_models": d(
    "Judge models",
    "Models that judge subjective rules. Empty = the instance's default model.",
  ),
  "enforcement.always_enforce_global": d(
    "Always check global hard rules",
    "Check every enabled global hard rule on every reply, even when the message did not match it.",
  ),
  "enforcement.relevance_check_enabled": d(
    "Relevance check",
    "Rewrite replies that drift away from the customer's question.",
  ),
  "enforcement.relevance_threshold": d(
    "Relevance needed",
    "How closely (0–1) a reply must match the question when the relevance check is on.",
  ),
  "enforcement.relevance_refusal_bypass": d(
    "Refusals are relevant",
    "A polite refusal passes the relevance check even though it does not answer the question.",
  ),
  "enforcement.grounding_check_enabled": d(
    "Grounding by similarity",
    "Rewrite replies whose wording, as a whole, is too far from what the turn knew from rules, tools or the profile. Not the fact check (“Facts from the turn’s evidence”).",
  ),
  "enforcement.grounding_threshold": d(
    "Similarity needed",
    "How closely (0–1) a reply must match what the turn knew when grounding by similarity is on.",
  ),
  "enforcement.grounding_facts": d(
    "Facts from the turn’s evidence",
    "Every amount, number, date, duration, phone number, e-mail, link and code a reply states must appear in the turn’s tool outputs, variables, rules and step, the customer’s messages or cited knowledge (the “ungrounded” violation). block = rewrite the reply; report = note it in the trace and send; off = don’t check.",
  ),
  "enforcement.llm_judge_sample_rate": d(
    "Share of turns judged",
    "Of the turns where an always-checked subjective rule is in play, the share (0–1) the judge sees. 1 = all.",
  ),
  "enforcement.unresolved_money_blocks": d(
    "Block amounts in unknown currencies",
    "A reply promising an amount in a currency the variable has no rate for is rewritten, as if it broke the rule.",
  ),
  "enforcement.unresolved": d(
    "When a reply's claim and its text disagree",
    "Each reply declares what it commits to (“refund: $40”). When its text says otherwise (“$75”) and the two give different verdicts: judge = the judge decides with both in front of it; block = rewrite the reply; allow = report it and send. by_provider = judge with a model, block offline.",
  ),
  "rerun.alignment_threshold": d(
    "Alignment that finishes a loop",
    "A loop whose alignment score reaches this (0–1), with drift low enough, is accepted.",
  ),
  "rerun.drift_threshold": d("Drift allowed", "A loop drifting more than this (0–1) from its goal runs again."),
  "rerun.max_reruns": d(
    "Reruns per loop",
    "How many times one orchestrator loop may run again. Replies use “Rewrites per reply” instead.",
  ),
  "rerun.fatigue_threshold": d("Fatigue that stops a loop", "A loop whose fatigue reaches this (0–1) is finalized."),
  "rerun.bias_repetition_threshold": d(
    "Repeated bias that halts",
    "When the same bias tag shows up in this many loops, the loop is halted and its output rejected.",
  ),
  "fatigue.base_increment": d("Fatigue per rerun", "Added to a loop's fatigue each time it reruns without improving."),
  "fatigue.improvement_threshold": d(
    "Improvement that counts",
    "A rerun whose alignment rises or drift falls by at least this counts as progress and lowers fatigue instead.",
  ),
  "fatigue.decay_rate": d("Recovery per improving rerun", "Taken off the fatigue when a rerun improved."),
  "fatigue.critical_threshold": d("Critical fatigue", "Fatigue at which a loop is finalized whatever else holds."),
  "fatigue.max_fatigue": d("Fatigue ceiling", "Fatigue never goes above this."),
  "continuity.enabled": d(
    "Resolve follow-ups",
    "Let this agent resolve “the second one” against the options it just offered. Also needs the deployment's continuity flag, unless a session turns it on itself.",
  ),
  "continuity.selection_max_enrichment_steps": d(
    "Extra evidence rounds",
    "When the model needs more to pick an option, how many times more evidence is gathered.",
  ),
  "continuity.selection_max_llm_calls": d(
    "Model calls to pick an option",
    "Most model calls spent choosing among offered options in one turn. A retry also needs new evidence.",
  ),
  "continuity.semantic_max_enrichment_steps": d(
    "Evidence rounds for open questions",
    "Evidence-gathering rounds for follow-ups that are not a choice among options.",
  ),
  "continuity.semantic_max_llm_calls_per_step": d(
    "Model calls per evidence round",
    "Model calls allowed in each of those rounds.",
  ),
  "continuity.chat_history_max_turns": d(
    "Turns of history",
    "How many earlier turns the model sees when it writes a reply.",
  ),
  "continuity.chat_history_max_tokens": d("History size", "Upper bound, in tokens, on that history."),
  "continuity.snapshot_excerpt_max_tokens": d(
    "Excerpt size",
    "Upper bound, in tokens, on each piece of evidence shown to the model.",
  ),
  "continuity.blended_context_max_tokens": d(
    "Context size",
    "Upper bound, in tokens, on history and evidence together.",
  ),
  "continuity.continuity_ttl_max_turns": d(
    "Options stay valid for (turns)",
    "Offered options can be picked for this many turns after they were shown.",
  ),
  "continuity.continuity_ttl_max_minutes": d("Options stay valid for (minutes)", "…and for at most this many minutes."),
  "continuity.recent_action_trace_max_entries": d(
    "Actions remembered",
    "How many recent actions the session keeps (at most 5).",
  ),
  "continuity.needed_evidence_types_max": d(
    "Evidence kinds per round",
    "How many kinds of evidence one gathering round may add.",
  ),
  "continuity.rollback_wrong_action_rate_increase": d(
    "Roll back on wrong actions",
    "The Rollout page flags continuity when the wrong-action rate rises by more than this (0.005 = half a point).",
  ),
  "continuity.rollback_clarifier_rate_relative_increase": d(
    "Roll back on more clarifiers",
    "…or when the share of clarifying replies rises by more than this (0.1 = 10 %).",
  ),
  "continuity.rollback_p95_latency_increase_ms": d(
    "Roll back on slower turns",
    "…or when the 95th-percentile turn time rises by more than this many milliseconds.",
  ),
  "continuity.halt_unchanged_fingerprint_retry_rate": d(
    "Halt on empty retries",
    "…or halt when more than this share of retries ran on evidence that had not changed.",
  ),
  "ambiguity.enabled": d("Ask when unclear", "Off: unclear messages are answered as well as the agent can."),
  "ambiguity.min_intent_confidence": d(
    "Confidence to trust the intent",
    "Below this (0–1), the detected intent does not stand in for a weak match when routing.",
  ),
  "sensor.local_confidence": d(
    "Local sensor confidence",
    "Clear turns the local sensor is at least this sure of (0–1) skip the model sensor call; 1 always asks the model.",
  ),
  "sensor.out_of_scope_reply": d(
    "Out-of-scope reply",
    "Without a model, a message far from every scenario gets this reply instead of a guessed scenario. With a model, the model answers it.",
  ),
  "retrieval.rule_match_threshold": d(
    "Rule relevance needed",
    "A rule in scope applies when its condition matches the message at least this well (0–1).",
  ),
  "retrieval.max_rules": d(
    "Rules per reply",
    "At most this many matching rules, highest priority first, guide one reply.",
  ),
  "testing.tests_gate": d(
    "Test gate on saves",
    "Block (the default): a save that turns passing tests red is refused (with a reason an admin can save anyway, a designer into draft without promoting); warn: it goes through and says which; off: tests are not run on saves.",
  ),
  "retention.sessions_days": d(
    "Keep sessions for (days)",
    "Sessions idle longer than this are deleted daily with their turns, traces and tapes. Empty = kept forever; at least 1.",
  ),
  "input_safety.mode": d(
    "Unsafe messages",
    "Flag (the default): the trace and the dashboard count it, the turn runs as usual; refuse: the customer gets the refusal message and no model is called; hand off: the conversation goes to a person; off: messages are not read.",
  ),
  "input_safety.abuse_words": d(
    "Abuse words",
    "Words and phrases read as abuse when aimed at someone (“you idiot”); the same word about a thing (“this stupid form”) only makes the message uncertain. Empty list: no abuse check.",
  ),
  "input_safety.refusal_message": d(
    "Refusal message",
    "What the customer gets when the mode is refuse and a message is flagged.",
  ),
  "input_safety.model_check": d(
    "Ask the model when unsure",
    "A message the local check is unsure about is settled by one model call, when the agent has a model. Off: unsure messages are only counted.",
  ),
  "handoff.request_examples": d(
    "How customers ask for a person",
    "Phrasings recognised without a model call; a message that says one of them hands the conversation off. Empty list: never on request.",
  ),
  "handoff.message": d("Hand-off message", "What the customer is told when the conversation goes to a person."),
  "handoff.holding_reply": d(
    "Reply while a person has it",
    "Sent for each customer message while the session waits for or is with a person. Empty: no reply, the message is only stored.",
  ),
  "handoff.fallbacks_before_handoff": d(
    "Fallbacks before handing off",
    "After this many safe fallback replies in a row the conversation goes to a person. 0: never.",
  ),
  "handoff.target_seconds": d(
    "Target wait for a person (seconds)",
    "How long a handed-off customer should wait for an operator. The inbox shows the wait amber past it and red past twice it.",
  ),
  "handoff.open_on_promise": d(
    "Open a follow-up when the agent promises one",
    "A reply that promises a person will act later (“a specialist will review the rest”) opens an item in the inbox, with the order and amounts the conversation knows. The agent keeps the conversation until an operator claims it. Off: such promises open nothing.",
  ),
  "approvals.holding_reply": d(
    "Reply while a tool waits for approval",
    "Sent when a turn pauses before a tool that requires approval; the tool runs once an operator approves.",
  ),
  "approvals.denied_reply": d(
    "Reply when a tool is denied",
    "Sent when an operator denies the tool call, or the approval expires.",
  ),
  "approvals.expiry_minutes": d(
    "Approval expires after (minutes)",
    "A pending approval not decided within this time expires as denied, and the customer gets the denied reply. 1 to 10,080.",
  ),
  "widget.turns_per_minute_per_session": d(
    "Widget turns a minute per session",
    "Messages one widget conversation may send a minute (counted per session token). 1 to 600.",
  ),
  "widget.turns_per_minute_per_address": d(
    "Widget turns a minute per address",
    "Messages all widget conversations from one client address may send a minute. 1 to 6,000.",
  ),
  "widget.turns_per_minute_per_key": d(
    "Widget turns a minute per key",
    "Messages all conversations on one publishable key may send a minute. 1 to 100,000.",
  ),
  "widget.sessions_per_hour_per_address": d(
    "Widget conversations an hour per address",
    "Conversations one client address may start an hour. 1 to 10,000.",
  ),
  "widget.sessions_per_hour_per_key": d(
    "Widget conversations an hour per key",
    "Conversations one publishable key may start an hour. 1 to 1,000,000.",
  ),
  "language.allowed": d(
    "Languages",
    "ISO 639-1 codes, the default first (en, fr, de, es, it, pt, nl, ru, el, ar, he, zh, ja, ko, th, hi, bn). Empty = any language, English the default. A message clearly in another language gets the reply below.",
  ),
  "language.unsupported_reply": d(
    "Reply to another language",
    "What a customer writing clearly in a language not listed above gets, in the default language. A message whose language is not clear is always answered.",
  ),
  "widget.show_why": d("Show why this answer", "The widget shows a footer that says why the agent answered as it did."),
  "widget.hosted_page": d("Hosted chat page", "Serve a hosted chat page for this agent."),
  "reviews.sampling": d(
    "Sample sessions for review",
    `outcome=share pairs: fallback=1 sends every session with a fallback turn, answered=0.1 one in ten with an answered turn. Outcomes: ${TURN_OUTCOMES.join(", ")}. Empty = none sampled.`,
  ),
  ...PRIVACY_SETTING_DESCRIPTIONS,
};

export function settingDescription(path: string): SettingDescription {
  return SETTING_DESCRIPTIONS[path] ?? { label: path, help: "" };
}
