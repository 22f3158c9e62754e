import type { FallbackReason, SelectOutput } from "../../contracts/model";
import { countCall, type TurnContext } from "../../pipeline/turn-context";
import {
  type ContinuitySidecar,
  type OptionCandidate,
  type OptionSet,
  pushAction,
  pushWindow,
  readSidecar,
} from "./continuity-state";
import { CONTINUITY_SCHEMA_VERSION, type EvidencePack, evidenceFingerprint } from "./evidence-fingerprint";
import { withinTtl } from "./option-sets";
import {
  type ContinuityReason,
  ENRICHMENT_ALLOWLIST,
  type NeededEvidenceType,
  runtimeConstants,
} from "./runtime-constants";
import { deterministicTieBreak } from "./tie-break";

// Ordinals and pointers: a follow-up that refers to the list without naming a label goes to the
// bounded model call; anything else is not a selection and the normal pipeline handles it.
const SELECTION_LIKE =
  /\b(?:first|second|third|fourth|last|1st|2nd|3rd|4th|that one|this one|the one|the other|cheaper|newest|oldest|latest)\b/i;

interface ContinuityTelemetry {
  enabled: boolean;
  reasons: ContinuityReason[];
  blocked_reason: string | null;
  activeOptionSetId: string | null;
  activeScope: string | null;
  candidates: OptionCandidate[];
  winner: { id: string; label: string } | null;
  non_winners: { id: string; why: string }[];
  loop_cycle_id: string | null;
  fingerprint_before: string | null;
  fingerprint_after: string | null;
  retry_attempt_index: number;
  retry_budget_remaining: number | null;
  fallback_reason: FallbackReason | null;
}

export type ContinuityResult =
  | { kind: "skip"; telemetry: ContinuityTelemetry }
  | { kind: "resolved"; winner: OptionCandidate; optionSet: OptionSet; telemetry: ContinuityTelemetry }
  | { kind: "clarify"; response: string; telemetry: ContinuityTelemetry };

function activeSet(ctx: TurnContext, sidecar: ContinuitySidecar): OptionSet | null {
  const k = runtimeConstants(ctx.settings.continuity);
  const set = sidecar.optionSets.find((s) => s.id === sidecar.state.activeOptionSetId);
  return set && withinTtl(set, ctx.session.turnIndex, ctx.ports.clock.now(), k) ? set : null;
}

function groundedClarifier(set: OptionSet): string {
  const list = set.candidates.map((c) => c.id).join(", ");
  return `Which one do you mean: ${list}? You can say its name, e.g. "${set.candidates[0]?.id ?? ""}".`;
}

function enrich(
  types: NeededEvidenceType[],
  ctx: TurnContext,
  sidecar: ContinuitySidecar,
  active: OptionSet,
): string[] {
  const k = runtimeConstants(ctx.settings.continuity);
  const out: string[] = [];
  for (const type of types) {
    if (type === "chat_recoverable_options") {
      for (const set of sidecar.optionSets) {
        if (set.id !== active.id && withinTtl(set, ctx.session.turnIndex, ctx.ports.clock.now(), k)) {
          out.push(`recoverable ${set.id}: ${set.candidates.map((c) => `${c.id} (${c.label})`).join(", ")}`);
        }
      }
    } else if (type === "chat_active_options") {
      out.push(`active: ${active.candidates.map((c) => `${c.id} ${c.label} ${c.sublabel ?? ""}`).join("; ")}`);
    } else if (type === "scope_disambiguation_hint") {
      out.push(`scope: the customer is choosing from the ${active.source} list`);
    }
    // active_widget_items / active_dashboard_items / active_workspace_items: chat sessions hold no
    // widgets, dashboards or workspaces, so these add nothing and leave the fingerprint unchanged.
  }
  return out;
}

/**
 * Resolution (docs/continuity.md#resolution): deterministic tie-break before any clarifier; otherwise one bounded model
 * call, the need_more_info veto applied once, one fingerprinted enrichment retry within budget, and the
 * degradation matrix's canonical reasons. Runs only with continuity enabled and an active option set.
 */
export async function runContinuity(ctx: TurnContext, enabled: boolean): Promise<ContinuityResult> {
  const sidecar = readSidecar(ctx.session.continuity);
  const telemetry: ContinuityTelemetry = {
    enabled,
    reasons: [],
    blocked_reason: null,
    activeOptionSetId: sidecar.state.activeOptionSetId,
    activeScope: sidecar.state.activeScope,
    candidates: [],
    winner: null,
    non_winners: [],
    loop_cycle_id: null,
    fingerprint_before: null,
    fingerprint_after: null,
    retry_attempt_index: 0,
    retry_budget_remaining: null,
    fallback_reason: null,
  };
  if (!enabled) return { kind: "skip", telemetry };
  const set = activeSet(ctx, sidecar);
  if (!set) {
    telemetry.blocked_reason = sidecar.state.activeOptionSetId
      ? "active option set expired (TTL)"
      : "no active option set";
    return { kind: "skip", telemetry };
  }
  telemetry.candidates = set.candidates;
  const tie = () =>
    deterministicTieBreak({
      message: ctx.input.message,
      optionSet: set,
      activeOptionSetId: sidecar.state.activeOptionSetId,
      activeScope: sidecar.state.activeScope,
      recentRejectedChoiceIds: sidecar.state.recentRejectedChoiceIds,
    });
  const first = tie();
  telemetry.non_winners = first.nonWinners;
  if (first.resolved) {
    telemetry.reasons.push("deterministic_continuity_resolve");
    telemetry.winner = { id: first.winner.id, label: first.winner.label };
    return { kind: "resolved", winner: first.winner, optionSet: set, telemetry };
  }
  telemetry.blocked_reason = first.blockedBy;
  if (first.matches.length > 1) {
    // True ambiguity still clarifies (blocker test 2), grounded in the matching candidates only.
    return { kind: "clarify", response: groundedClarifier({ ...set, candidates: first.matches }), telemetry };
  }
  if (
    !SELECTION_LIKE.test(ctx.input.message) ||
    !ctx.ports.model.select ||
    /question|stop|stale|scope/.test(first.blockedBy)
  ) {
    return { kind: "skip", telemetry };
  }
  return selectLoop(ctx, sidecar, set, telemetry, tie);
}

/** Ends the selection with the grounded clarifier (the options by id) and the canonical reason. */
function clarify(set: OptionSet, telemetry: ContinuityTelemetry, reason: FallbackReason): ContinuityResult {
  telemetry.fallback_reason = reason;
  return { kind: "clarify", response: groundedClarifier(set), telemetry };
}

/** The model selected: resolved when its choice is one of the candidates, never outside them. */
function selected(choiceId: unknown, set: OptionSet, telemetry: ContinuityTelemetry): ContinuityResult {
  const winner = set.candidates.find((c) => c.id === choiceId);
  if (!winner) {
    // Never execute outside the bounded candidates (the candidate ids are the execution boundary).
    telemetry.blocked_reason = `model chose ${JSON.stringify(choiceId)}, not a candidate`;
    return clarify(set, telemetry, "abstain");
  }
  telemetry.reasons.push("llm_select");
  telemetry.winner = { id: winner.id, label: winner.label };
  return { kind: "resolved", winner, optionSet: set, telemetry };
}

/** The need_more_info veto, applied once: the deterministic tie-break may still resolve the choice. */
function veto(
  tie: () => ReturnType<typeof deterministicTieBreak>,
  set: OptionSet,
  telemetry: ContinuityTelemetry,
): ContinuityResult | null {
  const outcome = tie();
  if (outcome.resolved) {
    telemetry.reasons.push("need_more_info_veto_applied");
    telemetry.winner = { id: outcome.winner.id, label: outcome.winner.label };
    return { kind: "resolved", winner: outcome.winner, optionSet: set, telemetry };
  }
  telemetry.reasons.push("need_more_info_veto_blocked_reason");
  telemetry.blocked_reason = outcome.blockedBy;
  return null;
}

async function selectLoop(
  ctx: TurnContext,
  sidecar: ContinuitySidecar,
  set: OptionSet,
  telemetry: ContinuityTelemetry,
  tie: () => ReturnType<typeof deterministicTieBreak>,
): Promise<ContinuityResult> {
  const k = runtimeConstants(ctx.settings.continuity);
  const select = ctx.ports.model.select;
  if (!select) return { kind: "skip", telemetry };
  const pack: EvidencePack = {
    scopeBinding: { activeScope: set.scope, chatOptionSetId: set.id },
    activeOptionSetId: set.id,
    candidates: set.candidates,
    excerpts: [],
    continuitySchemaVersion: CONTINUITY_SCHEMA_VERSION,
  };
  telemetry.loop_cycle_id = ctx.ports.ids.next("cycle");
  telemetry.fingerprint_before = evidenceFingerprint(pack);
  let enrichmentsLeft = k.SELECTION_MAX_ENRICHMENT_STEPS;
  let vetoUsed = false;
  for (let call = 0; call < k.SELECTION_MAX_LLM_CALLS; call++) {
    telemetry.retry_attempt_index = call;
    telemetry.retry_budget_remaining = k.SELECTION_MAX_LLM_CALLS - call - 1;
    const result = countCall(
      ctx,
      await select.call(ctx.ports.model, {
        message: ctx.input.message,
        candidates: set.candidates,
        evidence: pack.excerpts.map((text) => ({ type: "enrichment", text })),
        attempt: call,
      }),
    );
    if (!result.ok) return clarify(set, telemetry, result.reason);
    const out: SelectOutput = result.value;
    if (out.decision === "select") return selected(out.choice_id, set, telemetry);
    if (out.decision !== "need_more_info") return clarify(set, telemetry, "abstain");
    telemetry.reasons.push("llm_need_more_info");
    if (!vetoUsed) {
      vetoUsed = true;
      const resolved = veto(tie, set, telemetry);
      if (resolved) return resolved;
    }
    if (enrichmentsLeft <= 0 || call + 1 >= k.SELECTION_MAX_LLM_CALLS) break;
    const wanted = out.neededEvidenceTypes
      .filter((t): t is NeededEvidenceType => (ENRICHMENT_ALLOWLIST as readonly string[]).includes(t))
      .slice(0, k.NEEDED_EVIDENCE_TYPES_MAX);
    enrichmentsLeft -= 1;
    pack.excerpts = [...pack.excerpts, ...enrich(wanted, ctx, sidecar, set)];
    telemetry.fingerprint_after = evidenceFingerprint(pack);
    if (telemetry.fingerprint_after === telemetry.fingerprint_before) {
      telemetry.reasons.push("continuity_enrichment_fingerprint_unchanged");
      return clarify(set, telemetry, "no_new_evidence");
    }
    telemetry.reasons.push("continuity_enrichment_retry_called");
  }
  telemetry.reasons.push("continuity_enrichment_budget_exhausted");
  return clarify(set, telemetry, "budget_exhausted");
}

/** Records a resolved choice in the state: trace entry, accepted window, bound variable. */
export function applyResolution(ctx: TurnContext, winner: OptionCandidate, set: OptionSet): void {
  const k = runtimeConstants(ctx.settings.continuity);
  const sidecar = readSidecar(ctx.session.continuity);
  const action = {
    type: "select",
    targetRef: winner.id,
    sourceScope: set.scope,
    optionSetId: set.id,
    timestamp: ctx.ports.clock.now().toISOString(),
    outcome: "resolved",
  };
  let state = pushAction({ ...sidecar.state, lastResolvedAction: action }, action, k.RECENT_ACTION_TRACE_MAX_ENTRIES);
  state = {
    ...state,
    lastAcceptedChoiceId: winner.id,
    recentAcceptedChoiceIds: pushWindow(state.recentAcceptedChoiceIds, winner.id),
    pendingClarifierType: "none",
  };
  ctx.session.continuity = { ...sidecar, state };
  if (set.bindsVariable) ctx.session.variables[set.bindsVariable] = winner.id;
  ctx.session.variables.selected_option = { id: winner.id, label: winner.label };
}
