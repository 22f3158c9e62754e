"use client";

import { ChevronDown, LoaderCircle } from "lucide-react";
import { useRouter } from "next/navigation";
import { startTransition, useOptimistic, useTransition } from "react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { toast } from "@/components/ui/toaster";
import { setSessionContinuityAction } from "@/lib/actions/sandbox/set-session-continuity";
import { continuityByDefault, continuityReason } from "@/lib/turns/continuity-reason";

type Choice = "flag" | "on" | "off";

const toChoice = (enabled: boolean | null): Choice => (enabled === null ? "flag" : enabled ? "on" : "off");
const toEnabled = (choice: Choice): boolean | null => (choice === "flag" ? null : choice === "on");

/** The state in force; "(default)" beside it from 1280 px, where the header row has room. */
function ChoiceWord({ choice, byDefault }: { choice: Choice; byDefault: boolean }) {
  if (choice !== "flag") return <>{choice}</>;
  return (
    <>
      {byDefault ? "on" : "off"}
      <span className="hidden font-normal text-muted-foreground xl:inline"> (default)</span>
    </>
  );
}

interface ContinuityToggleProps {
  sessionId: string | null;
  enabled: boolean | null;
  canPost: boolean;
  /** What a session without its own choice follows: the deployment's switch and the agent's setting. */
  deploymentOn: boolean;
  agentOn: boolean;
}

/**
 * The sandbox's per-session continuity switch (docs/continuity.md): the default, on, or off. The
 * label shows the state in force and the title says which of the three places decided it. A native
 * <select> laid invisibly over a compact "continuity: on ▾" label: keyboard, type-ahead and screen
 * readers get the real control, the header keeps its width.
 */
export function ContinuityToggle({ sessionId, enabled, canPost, deploymentOn, agentOn }: ContinuityToggleProps) {
  const router = useRouter();
  const [pending, startSave] = useTransition();
  const [choice, setChoice] = useOptimistic(toChoice(enabled));
  const byDefault = continuityByDefault(deploymentOn, agentOn);
  const defaultWords = `${byDefault ? "on" : "off"} by default`;
  const title =
    choice === "flag"
      ? `Continuity is ${defaultWords}: ${continuityReason(deploymentOn, agentOn)}`
      : `Continuity is ${choice} for this session, whatever the default (${defaultWords}).`;

  if (!canPost) {
    return (
      <Badge title={title} data-testid="continuity-state">
        <span className="text-muted-foreground">continuity</span>
        <ChoiceWord choice={choice} byDefault={byDefault} />
      </Badge>
    );
  }

  function save(next: Choice) {
    if (!sessionId) return;
    startSave(async () => {
      setChoice(next);
      const result = await setSessionContinuityAction({ sessionId, enabled: toEnabled(next) }).catch(() => null);
      if (!result) {
        toast.error("Could not reach the Focal server: check the connection, then try again.");
        return;
      }
      if (!result.ok) {
        toast.error(`Could not change continuity: ${result.message}`);
        return;
      }
      const now = result.data.continuityEnabled;
      toast.success(
        now === null
          ? `Continuity back to the default (${defaultWords}) from the next turn.`
          : `Continuity ${now ? "on" : "off"} for this session from the next turn.`,
      );
      // In a transition: the optimistic choice stays until the refreshed page carries the stored one.
      startTransition(() => router.refresh());
    });
  }

  const disabled = !sessionId || pending;
  return (
    <div
      className={cn(
        "relative flex h-8 items-center gap-1.5 whitespace-nowrap rounded-md border border-input bg-background pr-7 pl-2.5 text-sm",
        "has-[select:focus-visible]:outline-2 has-[select:focus-visible]:outline-ring has-[select:focus-visible]:outline-offset-2",
        disabled ? "opacity-60" : "hover:bg-accent",
      )}
      title={sessionId ? title : "Start a session to set its continuity"}
    >
      <span aria-hidden="true" className="text-muted-foreground text-xs">
        continuity
      </span>
      <span aria-hidden="true" className="font-medium" data-testid="continuity-value">
        <ChoiceWord choice={choice} byDefault={byDefault} />
      </span>
      {pending ? (
        <LoaderCircle
          aria-hidden="true"
          className="absolute right-2 size-4 animate-spin text-muted-foreground motion-reduce:animate-none"
        />
      ) : (
        <ChevronDown aria-hidden="true" className="absolute right-2 size-4 text-muted-foreground" />
      )}
      <select
        data-testid="continuity-toggle"
        aria-label="Continuity for this session"
        aria-busy={pending || undefined}
        value={choice}
        disabled={disabled}
        onChange={(event) => save(event.target.value as Choice)}
        // Invisible but on top: the click, the keyboard and the option list are the select's own.
        className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0 focus-visible:outline-none disabled:cursor-not-allowed"
      >
        <option value="flag">default — {defaultWords}</option>
        <option value="on">on — follow-ups can pick from the offered options</option>
        <option value="off">off — every turn runs the full pipeline</option>
      </select>
    </div>
  );
}
