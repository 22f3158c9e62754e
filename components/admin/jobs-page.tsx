import Link from "next/link";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Card, CardContent } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterRow } from "@/components/ui/filter-row";
import { FilterSelect } from "@/components/ui/filter-select";
import { Mono } from "@/components/ui/mono";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TableBody, TableCell, TableHeadings, TableRow } from "@/components/ui/table";
import {
  everyText,
  formatDuration,
  JOB_KIND_LABELS,
  JOB_STATES,
  type JobListRow,
  type JobSearch,
  type PeriodicJobRow,
} from "@/lib/jobs/job-list";

// Admin → Jobs: every background job (replays, test runs, dashboard rollups, retention) from job_runs,
// whichever queue ran it; filters in the URL, applied as they change like the other console lists. The
// periodic jobs come first, one row each with their last and next run; their runs (a ledger anchor a
// minute) are left out of the list unless "Periodic runs" says Shown.

const STATUS_VARIANT: Record<JobListRow["status"], BadgeVariant> = {
  queued: "neutral",
  running: "info",
  done: "success",
  failed: "danger",
  cancelled: "warning",
};

const kindLabel = (kind: string) => JOB_KIND_LABELS[kind] ?? kind;

/** A UTC time; only the clock when it falls on `sameDayAs`'s day (a job's start and end, on its created day). */
function When({ iso, sameDayAs }: { iso: string | null; sameDayAs?: string }) {
  if (!iso) return <span className="text-muted-foreground">—</span>;
  const full = iso.slice(0, 19).replace("T", " ");
  const text = sameDayAs && sameDayAs.slice(0, 10) === iso.slice(0, 10) ? full.slice(11) : full;
  return (
    <time dateTime={iso} title={`${full} UTC`}>
      {text}
    </time>
  );
}

function JobsFilterForm({ search, kinds }: { search: JobSearch; kinds: string[] }) {
  const filtered = search.state !== undefined || search.kind !== undefined || search.periodic !== undefined;
  return (
    <FilterRow action="/admin/jobs" label="Filter jobs" filtered={filtered}>
      <FilterSelect
        name="state"
        label="State"
        value={search.state}
        anyLabel="All states"
        options={JOB_STATES.map((state) => ({
          value: state,
          label: state === "retried" ? "retried (any state)" : state,
        }))}
      />
      <FilterSelect
        name="kind"
        label="Kind"
        value={search.kind}
        anyLabel="All kinds"
        options={kinds.map((kind) => ({ value: kind, label: kindLabel(kind) }))}
      />
      <FilterSelect
        name="periodic"
        label="Periodic runs"
        value={search.periodic}
        anyLabel="Hidden (summed up above)"
        options={[{ value: "shown", label: "Shown in the list" }]}
      />
    </FilterRow>
  );
}

function PeriodicJobs({ periodic }: { periodic: PeriodicJobRow[] }) {
  return (
    <Card>
      <CardContent className="space-y-2 pt-4">
        <h2 className="font-medium text-sm">Periodic jobs</h2>
        <ul className="divide-y divide-border text-sm" aria-label="Periodic jobs">
          {periodic.map((job) => (
            <li
              key={job.kind}
              className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2"
              data-testid={`periodic-job-${job.kind}`}
            >
              <span className="min-w-40 font-medium">{kindLabel(job.kind)}</span>
              <span className="text-muted-foreground text-xs">{everyText(job.everyMs)}</span>
              <span className="text-xs">
                Last run:{" "}
                {job.last ? (
                  <>
                    <When iso={job.last.createdAt} />{" "}
                    <Badge variant={STATUS_VARIANT[job.last.status]}>{job.last.status}</Badge>
                  </>
                ) : (
                  <span className="text-muted-foreground">not yet</span>
                )}
              </span>
              <span className="text-xs">
                Next run: {job.nextAt ? <When iso={job.nextAt} /> : <span className="text-muted-foreground">soon</span>}
              </span>
              <Link
                href={`/admin/jobs?kind=${encodeURIComponent(job.kind)}`}
                className="text-xs underline-offset-2 hover:underline sm:ml-auto"
              >
                {job.runs} {job.runs === 1 ? "run" : "runs"} kept
              </Link>
              {job.last?.error ? <span className="basis-full text-danger text-xs">{job.last.error}</span> : null}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function JobsTable({ jobs }: { jobs: JobListRow[] }) {
  return (
    <Table containerClassName="max-h-[calc(100vh-14rem)]" aria-label="Jobs">
      <TableHeadings
        labels={[
          "Job",
          "Agent",
          "State",
          { label: "Progress", numeric: true },
          "Created (UTC)",
          "Started",
          "Finished",
          { label: "Duration", numeric: true },
          "Error",
        ]}
      />
      <TableBody>
        {jobs.map((job) => (
          <TableRow key={job.id} data-testid={`job-row-${job.id}`}>
            <TableCell className="whitespace-nowrap">
              <div className="font-medium">{kindLabel(job.kind)}</div>
              <Mono className="text-muted-foreground text-xs" title={job.id}>
                {job.id.slice(0, 8)} · {job.createdBy}
              </Mono>
            </TableCell>
            <TableCell className="whitespace-nowrap text-xs">
              {job.agentKey ? (
                <Link href={`/agents/${job.agentKey}`} className="underline-offset-2 hover:underline">
                  {job.agentKey}
                </Link>
              ) : (
                <span className="text-muted-foreground">every agent</span>
              )}
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <Badge variant={STATUS_VARIANT[job.status]}>{job.status}</Badge>
              {job.retries > 0 ? (
                <span className="ml-1 text-muted-foreground text-xs">
                  retried {job.retries} {job.retries === 1 ? "time" : "times"}
                </span>
              ) : null}
            </TableCell>
            <TableCell numeric className="whitespace-nowrap text-xs">
              {job.progress.total > 0 ? `${job.progress.done} / ${job.progress.total}` : "—"}
            </TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground text-xs">
              <When iso={job.createdAt} />
            </TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground text-xs">
              <When iso={job.startedAt} sameDayAs={job.createdAt} />
            </TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground text-xs">
              <When iso={job.finishedAt} sameDayAs={job.createdAt} />
            </TableCell>
            <TableCell numeric className="whitespace-nowrap text-xs">
              {formatDuration(job.durationMs)}
            </TableCell>
            <TableCell className="min-w-48 max-w-md text-xs">
              {job.error ? (
                <span className={job.status === "failed" ? "text-danger" : "text-muted-foreground"}>{job.error}</span>
              ) : (
                <span className="text-muted-foreground">—</span>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function JobsPage({
  jobs,
  periodic = [],
  kinds,
  limit,
  search,
}: {
  jobs: JobListRow[];
  periodic?: PeriodicJobRow[];
  kinds: string[];
  limit: number;
  search: JobSearch;
}) {
  const filtered = search.state !== undefined || search.kind !== undefined || search.periodic !== undefined;
  return (
    <>
      <PageHeader
        title="Jobs"
        description={`Background work of every instance — replays, test runs, dashboard rollups and retention — newest first (the latest ${limit}). A failed attempt is retried with backoff while attempts are left.`}
      />
      {periodic.length > 0 ? <PeriodicJobs periodic={periodic} /> : null}
      <JobsFilterForm search={search} kinds={kinds} />
      <Card>
        <CardContent className="pt-4">
          {jobs.length > 0 ? (
            <JobsTable jobs={jobs} />
          ) : filtered ? (
            <EmptyState
              title="No job matches these filters"
              description={
                <>
                  Widen them or{" "}
                  <Link href="/admin/jobs" className="underline underline-offset-2">
                    clear them
                  </Link>
                  .
                </>
              }
            />
          ) : (
            <EmptyState
              title="No jobs yet"
              description="Start a replay (Preview impact, or Replay this session on a trace) or run an agent's tests. The periodic jobs above run by themselves; choose Periodic runs: Shown to list their runs."
            />
          )}
        </CardContent>
      </Card>
    </>
  );
}
