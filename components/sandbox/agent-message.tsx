import { PanelRight } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Skeleton } from "@/components/ui/skeleton";
import type { TurnView } from "@/lib/turns/turn-view";
import { ProvenanceFooter } from "./provenance-footer";
import { outcomeVariant } from "./sandbox-format";

export function UserMessage({ text, pending = false }: { text: string; pending?: boolean }) {
  return (
    <div className="flex justify-end" data-testid="user-message">
      <div
        className={cn(
          "max-w-[85%] whitespace-pre-wrap break-words rounded-lg rounded-br-sm bg-muted px-3 py-2 text-foreground",
          pending && "opacity-80",
        )}
      >
        <span className="sr-only">You: </span>
        {text}
      </div>
    </div>
  );
}

interface AgentMessageProps {
  turn: TurnView;
  agentKey: string;
  selected: boolean;
  onSelect: () => void;
}

export function AgentMessage({ turn, agentKey, selected, onSelect }: AgentMessageProps) {
  return (
    <article
      data-testid="agent-message"
      data-turn-id={turn.id}
      aria-label={`Agent reply, turn ${turn.turnIndex + 1}, ${turn.outcome}`}
      className={cn(
        "rounded-lg border border-border bg-card px-3 py-2.5 transition-colors",
        selected && "border-ring/60 ring-1 ring-ring/40",
      )}
    >
      <header className="mb-1 flex items-center gap-2 text-muted-foreground text-xs">
        <span className="font-medium text-foreground">Agent</span>
        <Badge variant={outcomeVariant(turn.outcome)} />
        {turn.fallbackReason ? <span>({turn.fallbackReason})</span> : null}
        <span className="ml-auto whitespace-nowrap tabular-nums">turn {turn.turnIndex + 1}</span>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-pressed={selected}
          onClick={onSelect}
          title="Show this turn's timeline and state in the side panel"
          className="-my-1 h-6 px-1.5 text-muted-foreground aria-pressed:bg-accent aria-pressed:text-foreground"
        >
          <PanelRight aria-hidden="true" />
          {/* Below 1024 px the panel is a sheet Inspect opens (sandbox-workspace.tsx): never "In panel" there. */}
          <span className="lg:hidden">Inspect</span>
          <span className="max-lg:hidden">{selected ? "In panel" : "Inspect"}</span>
          <span className="sr-only"> turn {turn.turnIndex + 1}</span>
        </Button>
      </header>
      <p className="whitespace-pre-wrap break-words text-foreground">{turn.response}</p>
      <ProvenanceFooter turn={turn} agentKey={agentKey} />
    </article>
  );
}

/** The stored reply of the turn that just ran, until the page's server render shows the turn itself. */
export function StreamedReply({ text }: { text: string }) {
  return (
    <div data-testid="agent-streamed" className="rounded-lg border border-border bg-card px-3 py-2.5">
      <div className="mb-1 text-muted-foreground text-xs">
        <span className="font-medium text-foreground">Agent</span>
      </div>
      <p className="whitespace-pre-wrap break-words text-foreground">{text}</p>
    </div>
  );
}

/**
 * The reply slot while a turn runs. The reply itself is never streamed: it arrives whole, after
 * enforcement passed it; the side panel shows the stages meanwhile.
 */
export function ThinkingMessage() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="rounded-lg border border-border border-dashed px-3 py-2.5"
      data-testid="agent-thinking"
    >
      <div className="mb-2 flex items-center gap-2 text-muted-foreground text-xs">
        <span className="font-medium text-foreground">Agent</span>
        <span className="animate-pulse motion-reduce:animate-none">thinking…</span>
      </div>
      <Skeleton className="mb-1.5 w-4/5" />
      <Skeleton className="w-2/5" />
    </div>
  );
}
