import { dbFaultCode } from "@/db/transient-error";

// A database outage seen by a poller (health checks, the job queue) is logged once when it starts, as
// one line with its SQLSTATE or driver code, and once when it ends, with how long it lasted: a load
// balancer polling every second, or pg-boss's 4 connections dropping together, would otherwise print
// the same stack dozens of times for one event.

export interface OutageLog {
  /** A failure: logs the first of an outage, stays quiet for the rest. */
  failed(error: unknown): void;
  /** A success: logs the end of an outage in progress. */
  succeeded(): void;
  readonly down: boolean;
}

export function outageLog(source: string, write: (line: string) => void = console.warn): OutageLog {
  let since: number | null = null;
  return {
    failed(error) {
      if (since !== null) return;
      since = Date.now();
      write(`[${source}] database unavailable (${dbFaultCode(error)}); carrying on when it is back`);
    },
    succeeded() {
      if (since === null) return;
      write(`[${source}] database back after ${((Date.now() - since) / 1000).toFixed(1)} s`);
      since = null;
    },
    get down() {
      return since !== null;
    },
  };
}
