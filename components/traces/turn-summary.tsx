import { Badge } from "@/components/ui/badge";
import { Mono } from "@/components/ui/mono";
import { Stat } from "@/components/ui/stat";
import { plural } from "@/lib/text/plural";
import { formatUsd } from "@/lib/text/usd";
import type { TurnView } from "@/lib/turns/turn-view";
import { UserMessage } from "../sandbox/agent-message";
import { formatCount, formatMs } from "../sandbox/sandbox-format";

/** Turn detail header: outcome, latency, model calls, config version, then what it cost. */
export function TurnFacts({ turn, intentLabel }: { turn: TurnView; intentLabel: string | null }) {
  return (
    <section aria-label="Turn facts" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
      <Stat
        label="Outcome"
        value={<Badge variant={`outcome-${turn.outcome}`} />}
        hint={turn.fallbackReason ?? undefined}
      />
      <Stat label="Latency" value={formatMs(turn.latencyMs)} hint="message in → reply stored" />
      <Stat
        label="Model calls"
        value={turn.modelCalls}
        hint={
          turn.provenance.budget
            ? `${turn.provenance.budget.period === "day" ? "daily" : "monthly"} budget spent: ${turn.provenance.budget.action}`
            : plural(turn.provenance.regenerations, "regeneration")
        }
      />
      <Stat
        label="Config version"
        value={`v${turn.configVersion}`}
        hint={turn.provenance.environment ? `in ${turn.provenance.environment}` : "the agent as it was then"}
      />
      <Stat
        label="Tokens in / out"
        value={`${formatCount(turn.tokensIn)} / ${formatCount(turn.tokensOut)}`}
        hint={
          <>
            <Mono>{`${turn.provider}/${turn.model}`}</Mono> · cost {formatUsd(turn.costUsd)}
          </>
        }
      />
      <Stat
        label="Intent"
        value={
          <Mono truncate className="text-base">
            {intentLabel ?? "none"}
          </Mono>
        }
        hint="the routed scenario's label"
      />
    </section>
  );
}

/** The exchange itself: what the customer wrote and what shipped. */
export function TurnExchange({ turn }: { turn: TurnView }) {
  return (
    <section aria-label="Messages" className="flex flex-col gap-2 rounded-lg border border-border p-3">
      <UserMessage text={turn.userMessage} />
      <div
        data-testid="turn-response"
        className="max-w-[85%] whitespace-pre-wrap break-words rounded-lg rounded-bl-sm border border-border bg-card px-3 py-2"
      >
        <span className="sr-only">Agent: </span>
        {turn.response}
      </div>
    </section>
  );
}
