"use client";

import { ChevronDown, LoaderCircle } from "lucide-react";
import { useRouter } from "next/navigation";
import { startTransition, useOptimistic, useTransition } from "react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { toast } from "@/components/ui/toaster";
import { setSessionContinuityAction } from "@/lib/actions/sandbox/set-session-continuity";

export const CONTINUITY_FLAG = "NEXT_PUBLIC_GROUNDING_CONTINUITY_ENABLED";

type Choice = "flag" | "on" | "off";

const toChoice = (enabled: boolean | null): Choice => (enabled === null ? "flag" : enabled ? "on" : "off");
const toEnabled = (choice: Choice): boolean | null => (choice === "flag" ? null : choice === "on");

/** Short words for the header; the option list spells "follow flag" out in full. */
const SHORT: Record<Choice, string> = { flag: "follow flag", on: "on", off: "off" };

/** "follow flag" is just "flag" below 1280 px, where the header row has no room to spare. */
function ChoiceWord({ choice }: { choice: Choice }) {
  if (choice !== "flag") return <>{SHORT[choice]}</>;
  return (
    <>
      <span className="hidden xl:inline">follow </span>flag
    </>
  );
}

/** What "follow flag" resolved to, read from the latest turn (the page has no flag value). */
export function flagMeaning(latestRan: boolean | null): string {
  if (latestRan === null) return "no turn yet to show what it resolves to";
  return `the latest turn ran with continuity ${latestRan ? "on" : "off"}`;
}

interface ContinuityToggleProps {
  sessionId: string | null;
  enabled: boolean | null;
  canPost: boolean;
  /** Whether the newest turn ran the continuity stage; null with no turns. */
  latestRan: boolean | null;
}

/**
 * The sandbox's per-session continuity switch (PRODUCT.md §5): follow the flag, on, or off.
 * A native <select> laid invisibly over a compact "continuity: on ▾" label: keyboard, type-ahead
 * and screen readers get the real control, the header keeps its width.
 */
export function ContinuityToggle({ sessionId, enabled, canPost, latestRan }: ContinuityToggleProps) {
  const router = useRouter();
  const [pending, startSave] = useTransition();
  const [choice, setChoice] = useOptimistic(toChoice(enabled));
  const meaning = flagMeaning(latestRan);
  const title =
    choice === "flag"
      ? `Continuity follows ${CONTINUITY_FLAG} and the agent's setting: ${meaning}.`
      : `Continuity is ${choice} for this session, whatever ${CONTINUITY_FLAG} says.`;

  if (!canPost) {
    return (
      <Badge title={title} data-testid="continuity-state">
        <span className="text-muted-foreground">continuity</span>
        <ChoiceWord choice={choice} />
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
          ? `Continuity follows ${CONTINUITY_FLAG} again from the next turn.`
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
        <ChoiceWord choice={choice} />
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
        <option value="flag">
          follow flag ({CONTINUITY_FLAG}) — {meaning}
        </option>
        <option value="on">on — follow-ups can pick from the offered options</option>
        <option value="off">off — every turn runs the full pipeline</option>
      </select>
    </div>
  );
}
