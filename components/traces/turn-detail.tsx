import Link from "next/link";
import { SaveAsTestDialog } from "@/components/conversation-tests/save-as-test-dialog";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Mono } from "@/components/ui/mono";
import { PageHeader } from "@/components/ui/page-header";
import { SectionCard } from "@/components/ui/section-card";
// biome-ignore lint/style/noRestrictedImports: type-only import, erased from the browser bundle: the page loads this shape on the server and passes it as props
import type { SessionReplayContext } from "@/lib/replay/server/load-session-replay-context";
// biome-ignore lint/style/noRestrictedImports: type-only import, erased from the browser bundle: the page loads this shape on the server and passes it as props
import type { TurnDetailData } from "@/lib/traces/server/load-turn-detail";
import { tracesHref } from "@/lib/traces/trace-search";
import { nameIds } from "@/lib/turns/name-ids";
import { TurnLoops } from "../loops/turn-loops";
import { PiiReveal } from "../privacy/pii-reveal";
import { SessionReplay } from "../replay/session-replay";
import { AddToReviewButton } from "../reviews/add-to-review-button";
import { ConfigNamesProvider } from "../sandbox/config-names";
import { ProvenanceFooter } from "../sandbox/provenance-footer";
import { formatUtc, sandboxHref } from "../sandbox/sandbox-format";
import { TurnTimeline } from "../sandbox/turn-timeline";
import { TurnLedgerEvents } from "./turn-ledger-events";
import { TurnExchange, TurnFacts } from "./turn-summary";

interface TurnDetailProps {
  agentKey: string;
  data: TurnDetailData;
  replay: SessionReplayContext;
  canReplay: boolean;
  /** Admins may reveal the real value behind a placeholder (pii:read). */
  canRevealPii: boolean;
}

/** Turn detail: header facts, the waterfall of spans, provenance, ledger events, "open session". */
export function TurnDetail({ agentKey, data, replay, canReplay, canRevealPii }: TurnDetailProps) {
  const { turn } = data;
  return (
    <>
      <PageHeader
        title={`Turn ${turn.turnIndex + 1} of session ${turn.sessionId.slice(0, 8)}`}
        description={`Recorded ${formatUtc(turn.createdAt)}`}
        breadcrumb={
          <span className="inline-flex items-center gap-1">
            <Link href={tracesHref(agentKey, {})}>Traces</Link> › <Mono>{turn.id}</Mono>
            <CopyButton value={turn.id} label="turn id" />
          </span>
        }
        actions={
          <>
            {/* Designers replay, write tests and send sessions to review. */}
            {canReplay ? (
              <>
                <AddToReviewButton agentKey={agentKey} sessionId={turn.sessionId} />
                <SaveAsTestDialog agentKey={agentKey} sessionId={turn.sessionId} label="Save this session as a test" />
              </>
            ) : null}
            <Button asChild variant="outline">
              <Link href={tracesHref(agentKey, { session: turn.sessionId })}>All turns of the session</Link>
            </Button>
            <Button asChild>
              <Link href={sandboxHref(agentKey, { session: turn.sessionId, turn: turn.id })} data-testid="open-session">
                Open session
              </Link>
            </Button>
          </>
        }
      />
      <div className="flex flex-col gap-4">
        <TurnFacts turn={turn} intentLabel={data.intentLabel ? nameIds(data.intentLabel, data.names) : null} />
        <TurnExchange turn={turn} />
        {canRevealPii ? <PiiReveal sessionId={turn.sessionId} texts={[turn.userMessage, turn.response]} /> : null}
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <SectionCard
            title="Waterfall"
            description={<>Each pipeline stage on the turn's time axis; open a stage for its decision and numbers.</>}
          >
            <ConfigNamesProvider names={data.names}>
              <TurnTimeline turn={turn} />
            </ConfigNamesProvider>
          </SectionCard>
          <SectionCard
            data-testid="turn-provenance"
            title="Provenance"
            description="What the agent was doing and how the reply was checked."
            contentClassName="space-y-2"
          >
            <ProvenanceFooter turn={turn} agentKey={agentKey} />
            <details>
              <summary className="cursor-pointer text-muted-foreground text-xs">Provenance as stored (JSON)</summary>
              <pre className="mt-1 max-h-96 overflow-auto rounded bg-muted p-2 text-xs">
                {JSON.stringify(turn.provenance, null, 2)}
              </pre>
            </details>
          </SectionCard>
        </div>
        <SessionReplay agentKey={agentKey} context={replay} currentTurnId={turn.id} canReplay={canReplay} />
        <TurnLedgerEvents events={data.ledgerEvents} />
        <TurnLoops loops={data.loops} />
      </div>
    </>
  );
}
