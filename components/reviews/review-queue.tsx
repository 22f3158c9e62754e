import Link from "next/link";
import { ChoiceLinks } from "@/components/ui/choice-links";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { reviewHref, reviewQueueHref } from "@/lib/reviews/review-href";
import type { ReviewState } from "@/lib/reviews/review-schemas";
import { type ReviewQueueRow, reviewReasonText } from "@/lib/reviews/review-views";
import { TurnTime } from "../traces/trace-row-parts";
import { ReviewStateBadge } from "./review-state-badge";

type QueueFilter = ReviewState | "all";

const FILTERS: { value: QueueFilter; label: string }[] = [
  { value: "open", label: "Open" },
  { value: "reviewed", label: "Reviewed" },
  { value: "all", label: "All" },
];

function StateFilter({ agentKey, current }: { agentKey: string; current: QueueFilter }) {
  return (
    <ChoiceLinks
      label="Review state"
      choices={FILTERS.map((filter) => ({ ...filter, href: reviewQueueHref(agentKey, filter.value) }))}
      current={current}
      testIdPrefix="review-filter-"
    />
  );
}

const EMPTY_TEXT: Record<QueueFilter, string> = {
  open: "No sessions to review yet",
  reviewed: "No session has been reviewed yet",
  all: "No sessions to review yet",
};

/** The agent's review queue: why each session is here, when it entered, and its state. */
export function ReviewQueue({
  agentKey,
  agentName,
  filter,
  rows,
}: {
  agentKey: string;
  agentName: string;
  filter: QueueFilter;
  rows: ReviewQueueRow[];
}) {
  return (
    <>
      <PageHeader
        title="Reviews"
        description={`${agentName} · whole conversations for a person to label: sampled by the rules in Settings → Reviews, or added from a trace`}
        actions={<StateFilter agentKey={agentKey} current={filter} />}
      />
      {rows.length === 0 ? (
        <EmptyState
          title={EMPTY_TEXT[filter]}
          description={
            <>
              Sampling rules are set in{" "}
              <Link href={`/agents/${encodeURIComponent(agentKey)}/settings`} className="underline">
                Settings → Reviews
              </Link>
              ; any trace can also be sent here with <em>Add to review</em>.
            </>
          }
        />
      ) : (
        <Table aria-label="Sessions to review" data-testid="review-queue">
          <TableHeader>
            <TableRow>
              <TableHead>Session</TableHead>
              <TableHead>Reason</TableHead>
              <TableHead>Entered (UTC)</TableHead>
              <TableHead numeric>Turns</TableHead>
              <TableHead>State</TableHead>
              <TableHead>Reviewed by</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.sessionId} data-testid="review-row" data-state={row.state}>
                <TableCell>
                  <Link
                    href={reviewHref(agentKey, row.sessionId)}
                    className="font-mono text-xs underline underline-offset-2"
                    data-testid="open-review"
                  >
                    {row.sessionId.slice(0, 8)}
                  </Link>
                </TableCell>
                <TableCell>{reviewReasonText(row)}</TableCell>
                <TableCell className="whitespace-nowrap font-mono text-xs">
                  <TurnTime at={row.enteredAt} />
                </TableCell>
                <TableCell numeric>{row.turnCount}</TableCell>
                <TableCell>
                  <ReviewStateBadge state={row.state} resolved={row.resolved} />
                </TableCell>
                <TableCell>{row.reviewedBy ?? "—"}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}
