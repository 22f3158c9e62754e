import { z } from "zod";

// The body of DELETE /api/v1/customers/{customer_id}: declared by the route, drawn by lib/openapi/paths-customers.ts.

export const CustomerDeletionBody = z.object({
  customer_sha256: z.string().describe("SHA-256 of the customer id: what the ledger event keeps instead of the id"),
  profiles: z.number().int(),
  sessions: z.number().int(),
  turns: z.number().int(),
  job_runs: z
    .number()
    .int()
    .describe("Stored replays and test runs that named the customer's sessions or turns, now without them"),
  tests: z
    .number()
    .int()
    .describe("Conversation tests saved from the customer's sessions, deleted: they held the customer's messages"),
  ledger_event_id: z.string(),
});
