import autocannon from "autocannon";
import type { FocalServer } from "./focal-server";

// Closed-loop load on POST /api/v1/sessions/{id}/turns with autocannon: one session per connection
// (setupClient hands each new connection the next session), each connection cycling over MESSAGES.

export const MESSAGES = ["How much does the blue kettle cost?", "I want my money back", "It's order 123"];

export interface LoadOptions {
  server: Pick<FocalServer, "baseUrl" | "apiKey">;
  sessionIds: string[];
  connections: number;
  /** Seconds of load; ignored when `amount` is set. */
  durationSeconds: number;
  amount?: number;
}

export interface LoadResult {
  /** session id → turn ids acknowledged with 200, in order. */
  acknowledged: Map<string, string[]>;
  /** Client-side latency of each 200 response, ms. */
  clientMs: number[];
  /** The server-timing `turn;dur=` of each 200 response, ms. */
  serverMs: number[];
  /** 200 responses without a server-timing header (a build older than the header). */
  missingServerTiming: number;
  statusCounts: Record<string, number>;
  errors: number;
  timeouts: number;
  seconds: number;
}

function header(headers: Record<string, string | string[]>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const acknowledged = new Map<string, string[]>(options.sessionIds.map((id) => [id, []]));
  const clientMs: number[] = [];
  const serverMs: number[] = [];
  let missingServerTiming = 0;
  let nextSession = 0;

  const requestsFor = (sessionId: string): autocannon.Request[] =>
    MESSAGES.map((message) => ({
      method: "POST",
      path: `/api/v1/sessions/${sessionId}/turns`,
      headers: { authorization: `Bearer ${options.server.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ message }),
      onResponse: (status, body, _context, headers) => {
        if (status !== 200) return;
        const turnId = (JSON.parse(String(body)) as { turn_id?: string }).turn_id;
        if (turnId) acknowledged.get(sessionId)?.push(turnId);
        const timing = /(?:^|,)\s*turn;dur=([0-9.]+)/.exec(header(headers, "server-timing") ?? "");
        if (timing?.[1]) serverMs.push(Number(timing[1]));
        else missingServerTiming++;
      },
    }));

  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.server.baseUrl,
        connections: options.connections,
        duration: options.durationSeconds,
        ...(options.amount ? { amount: options.amount } : {}),
        // A PGlite server queues every connection's turn behind one database connection.
        timeout: 60,
        setupClient: (client) => {
          const sessionId = options.sessionIds[nextSession++ % options.sessionIds.length];
          if (!sessionId) throw new Error("no session for a load connection");
          client.setRequests(requestsFor(sessionId));
        },
      },
      (error, result) => {
        if (error) {
          reject(error);
          return;
        }
        const statusCounts: Record<string, number> = {};
        for (const [status, { count }] of Object.entries(result.statusCodeStats)) statusCounts[status] = count;
        resolve({
          acknowledged,
          clientMs,
          serverMs,
          missingServerTiming,
          statusCounts,
          errors: result.errors,
          timeouts: result.timeouts,
          seconds: result.duration,
        });
      },
    );
    instance.on("response", (_client, status, _bytes, ms) => {
      if (status === 200) clientMs.push(ms);
    });
  });
}
