import { cva } from "class-variance-authority";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

const badgeVariants = cva(
  "inline-flex h-5 shrink-0 items-center gap-1 whitespace-nowrap rounded-md border px-1.5 font-medium text-xs leading-none [&_svg]:size-3 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        neutral: "border-border bg-muted text-muted-foreground",
        success: "border-success-border bg-success-bg text-success",
        danger: "border-danger-border bg-danger-bg text-danger",
        warning: "border-warning-border bg-warning-bg text-warning",
        info: "border-info-border bg-info-bg text-info",
        "outcome-answered": "border-outcome-answered-border bg-outcome-answered-bg text-outcome-answered",
        "outcome-clarified": "border-outcome-clarified-border bg-outcome-clarified-bg text-outcome-clarified",
        "outcome-regenerated": "border-outcome-regenerated-border bg-outcome-regenerated-bg text-outcome-regenerated",
        "outcome-fallback": "border-outcome-fallback-border bg-outcome-fallback-bg text-outcome-fallback",
        "outcome-escalated": "border-outcome-escalated-border bg-outcome-escalated-bg text-outcome-escalated",
        "outcome-error": "border-outcome-error-border bg-outcome-error-bg text-outcome-error",
        "outcome-handoff": "border-outcome-escalated-border bg-outcome-escalated-bg text-outcome-escalated",
        "outcome-queued_for_human": "border-border bg-muted text-muted-foreground",
        "outcome-awaiting_approval": "border-border bg-muted text-muted-foreground",
        "outcome-refused_input": "border-outcome-fallback-border bg-outcome-fallback-bg text-outcome-fallback",
        "outcome-abstained": "border-outcome-clarified-border bg-outcome-clarified-bg text-outcome-clarified",
        "lane-deterministic": "border-lane-deterministic-border bg-lane-deterministic-bg text-lane-deterministic",
        "lane-subjective": "border-lane-subjective-border bg-lane-subjective-bg text-lane-subjective",
        "scope-GLOBAL": "border-scope-global-border bg-scope-global-bg text-scope-global",
        "scope-SCENARIO": "border-scope-scenario-border bg-scope-scenario-bg text-scope-scenario",
        "scope-STEP": "border-scope-step-border bg-scope-step-bg text-scope-step",
        "role-viewer": "border-role-viewer-border bg-role-viewer-bg text-role-viewer",
        "role-designer": "border-role-designer-border bg-role-designer-bg text-role-designer",
        "role-operator": "border-role-operator-border bg-role-operator-bg text-role-operator",
        "role-admin": "border-role-admin-border bg-role-admin-bg text-role-admin",
      },
    },
    defaultVariants: { variant: "neutral" },
  },
);

export type BadgeVariant = NonNullable<Parameters<typeof badgeVariants>[0]>["variant"] & string;

/** The word a semantic badge shows when no children are given: colour is never the only signal. */
const DEFAULT_LABEL: Partial<Record<BadgeVariant, string>> = {
  "outcome-answered": "answered",
  "outcome-clarified": "clarified",
  "outcome-regenerated": "regenerated",
  "outcome-fallback": "fallback",
  "outcome-escalated": "escalated",
  "outcome-error": "error",
  "outcome-handoff": "handoff",
  "outcome-queued_for_human": "queued for a person",
  "outcome-awaiting_approval": "awaiting approval",
  "outcome-refused_input": "refused input",
  "outcome-abstained": "did not know",
  "lane-deterministic": "lane 1 · CEL",
  "lane-subjective": "lane 2 · judge",
  "scope-GLOBAL": "GLOBAL",
  "scope-SCENARIO": "SCENARIO",
  "scope-STEP": "STEP",
  "role-viewer": "viewer",
  "role-designer": "designer",
  "role-operator": "operator",
  "role-admin": "admin",
};

// What a semantic badge's word means, on hover: the console's own terms, explained where they appear.
const DEFAULT_TITLE: Partial<Record<BadgeVariant, string>> = {
  "outcome-answered": "The first draft passed every check and was sent.",
  "outcome-clarified": "The message was unclear, so the agent asked a question instead of guessing.",
  "outcome-regenerated": "A draft broke a hard rule; it was rewritten, and the rewrite was sent.",
  "outcome-fallback": "No draft could be sent (a check kept failing, or the model failed); a safe reply was sent.",
  "outcome-escalated": "The agent handed the conversation to a person and told the customer so.",
  "outcome-error": "The engine failed on this turn; a standard apology was sent instead.",
  "outcome-handoff": "The conversation was handed to a person; the customer got the hand-off message.",
  "outcome-queued_for_human":
    "The session is with a person: the message was stored for them and the agent did not run.",
  "outcome-awaiting_approval":
    "A tool that requires approval was about to run: the turn paused before the call and the customer got the holding reply.",
  "outcome-refused_input":
    "The input-safety check flagged the customer's message (an attempt to override the agent or abuse): the refusal message was sent and no model was called.",
  "outcome-abstained":
    "The customer asked something the agent's knowledge does not answer and no scenario or tool covered: the agent said it does not know instead of guessing.",
  "lane-deterministic": "Lane 1: the rule's CEL expression is checked on every draft, without a model call.",
  "lane-subjective": "Lane 2: a model judges each draft against the rule's text.",
  "scope-GLOBAL": "Applies on every turn.",
  "scope-SCENARIO": "Applies while the conversation is in this scenario.",
  "scope-STEP": "Applies at this step of a scenario only.",
};

export type BadgeProps = Omit<ComponentProps<"span">, "children"> & {
  variant?: BadgeVariant;
  /** The badge's word; semantic variants fall back to their own word (e.g. "answered", "GLOBAL"). */
  children?: ReactNode;
};

export function Badge({ className, variant = "neutral", children, ...props }: BadgeProps) {
  return (
    <span
      data-slot="badge"
      data-variant={variant}
      title={DEFAULT_TITLE[variant]}
      className={cn(badgeVariants({ variant }), className)}
      {...props}
    >
      {children ?? DEFAULT_LABEL[variant]}
    </span>
  );
}
