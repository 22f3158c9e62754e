import "server-only";
import { headers } from "next/headers";
import type { z } from "zod";
import type { Database } from "@/db/types";
import type { ActionResult } from "@/lib/console-api/action-result";
import { type Role, roleAtLeast } from "@/lib/identity/roles";
import { agentAccessOf, highestRole, withAgentAccess } from "./access/agent-access";
import { collectingNotices } from "./action-notices";
import { getDb } from "./db";
import { dbFaultReply } from "./db-faults/db-fault-reply";
import { AppError, BusyError, fieldErrorsFromZod } from "./errors";
import { findUnstorableText, summarizeUnstorableText } from "./input-text-policy";
import type { Actor } from "./ledger/event-types";
import { loggableError } from "./loggable-error";
import { actorOf, getOperatorFromHeaders, isSameOrigin, type OperatorPrincipal, requestIdFrom } from "./principal";

// Shown by every form as it is. "May not": a connection lost during COMMIT leaves the outcome unknown.
const ACTION_RETRY_MESSAGE =
  "The database was briefly unavailable, so this may not have been saved. Try again in a moment.";

export interface ActionContext {
  operator: OperatorPrincipal;
  actor: Actor;
  requestId: string;
  db: Database;
}

export const ACTION_META = Symbol.for("focal.action");

export interface ActionMeta {
  name: string;
  role: Role;
  /** The schema the wrapper parses with, for tests that walk every action's fields. */
  schema: z.ZodType;
}

export type DefinedAction<I, T> = ((input: I) => Promise<ActionResult<T>>) & { [ACTION_META]: ActionMeta };

/**
 * The one wrapper for every server action (each is a public POST endpoint): same-origin check,
 * session, role, the input text policy (input-text-policy.ts), zod parse, and error mapping to `{ ok: false, code, message, fieldErrors }`.
 */
export function defineAction<S extends z.ZodType, T>(
  config: { name: string; role: Role; schema: S },
  handler: (input: z.infer<S>, ctx: ActionContext) => Promise<T>,
): DefinedAction<z.input<S>, T> {
  const action = async (input: z.input<S>): Promise<ActionResult<T>> => {
    const requestHeaders = await headers();
    const requestId = requestIdFrom(requestHeaders);
    try {
      if (!isSameOrigin(requestHeaders)) {
        return { ok: false, code: "FORBIDDEN", message: "Cross-origin or Origin-less request refused." };
      }
      const operator = await getOperatorFromHeaders(requestHeaders);
      if (!operator) return { ok: false, code: "UNAUTHENTICATED", message: "Sign in to continue." };
      // A role held on some agent lets the action in; the agent it reaches is checked by its lookup.
      const db = await getDb();
      const access = await agentAccessOf(db, operator);
      const have = highestRole(operator.role, access);
      if (!roleAtLeast(have, config.role)) {
        return { ok: false, code: "FORBIDDEN", message: `This needs the ${config.role} role; you are ${have}.` };
      }
      const badText = findUnstorableText(input);
      if (badText.length > 0) {
        const fieldErrors: Record<string, string[]> = {};
        for (const issue of badText) fieldErrors[issue.path] = [...(fieldErrors[issue.path] ?? []), issue.message];
        return { ok: false, code: "VALIDATION", message: summarizeUnstorableText(badText), fieldErrors };
      }
      const parsed = config.schema.safeParse(input);
      if (!parsed.success) {
        return {
          ok: false,
          code: "VALIDATION",
          message: "Some fields need attention.",
          fieldErrors: fieldErrorsFromZod(parsed.error),
        };
      }
      const { value: data, notices } = await withAgentAccess(access, config.role, () =>
        collectingNotices(() => handler(parsed.data, { operator, actor: actorOf(operator), requestId, db })),
      );
      return notices.length > 0 ? { ok: true, data, notices } : { ok: true, data };
    } catch (error) {
      if (
        error instanceof AppError &&
        (error.httpStatus < 500 || error.httpStatus === 502 || error instanceof BusyError)
      ) {
        // Several issues can share a field (two unknown attached tools): keep every message.
        let fieldErrors: Record<string, string[]> | undefined;
        for (const issue of error.issues ?? []) {
          fieldErrors ??= {};
          fieldErrors[issue.path] = [...(fieldErrors[issue.path] ?? []), issue.message];
        }
        return { ok: false, code: error.code, message: error.message, fieldErrors };
      }
      const fault = dbFaultReply(error);
      if (fault) {
        // An outage is not a bug: one line with the SQLSTATE, and a message the form shows as it is.
        console.warn(`[action ${config.name}] request ${requestId}: database fault ${fault.cause}`);
        return { ok: false, code: fault.code, message: ACTION_RETRY_MESSAGE, requestId };
      }
      console.error(`[action ${config.name}] request ${requestId}`, loggableError(error));
      return { ok: false, code: "INTERNAL", message: `Internal error (request ${requestId}).`, requestId };
    }
  };
  return Object.assign(action, { [ACTION_META]: { name: config.name, role: config.role, schema: config.schema } });
}
