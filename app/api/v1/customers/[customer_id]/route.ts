import { z } from "zod";
import { CustomerDeletionBody } from "@/lib/customers/customer-deletion-body";
import { deleteCustomer } from "@/lib/customers/server/delete-customer";
import { defineRoute } from "@/lib/server/define-route";

// The API's customer_id as sessions are created with it (CreateSessionBody): at most 200 characters.
const CustomerParams = z.object({ customer_id: z.string().min(1).max(200) });

// DELETE /api/v1/customers/{customer_id} → {customer_sha256, profiles, sessions, turns, job_runs, tests, ledger_event_id}:
// the customer's profile, sessions, turns, spans and tapes in every agent, and their turns in stored
// replays and test runs, the tests saved from their sessions; CUSTOMER_DELETED in the ledger.
export const DELETE = defineRoute(
  { scope: "admin", params: CustomerParams, response: CustomerDeletionBody },
  async ({ db, params, actor, requestId }) => deleteCustomer(db, params.customer_id, { actor, requestId }),
);
