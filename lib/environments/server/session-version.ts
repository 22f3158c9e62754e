import "server-only";
import { randomInt } from "node:crypto";
import { getEnvironment } from "@/db/queries/environments";
import type { AgentRow, DbOrTx } from "@/db/types";
import { AppError } from "@/lib/server/errors";
import { DRAFT, PRODUCTION } from "../environment-schemas";
import { armForBucket, SPLIT_BUCKETS, splitBucket } from "../split-bucket";

export interface SessionVersion {
  environment: string;
  /** null: the session follows the latest version (draft, and production before its first pin). */
  configVersion: number | null;
}

/**
 * Where a new session runs (docs/environments.md#sessions): draft follows the latest version; a split
 * environment draws an arm by the customer's bucket (a session without a customer id draws at
 * random); a pinned one gives its pin; production without a row follows the latest, as before
 * environments. An environment that does not exist is a 422 naming `environment`.
 */
export async function sessionVersionFor(
  db: DbOrTx,
  agent: AgentRow,
  environment: string,
  customerRef?: string,
): Promise<SessionVersion> {
  if (environment === DRAFT) return { environment, configVersion: null };
  const row = await getEnvironment(db, agent.id, environment);
  if (!row) {
    if (environment === PRODUCTION) return { environment, configVersion: null };
    throw new AppError("VALIDATION", `The agent has no environment "${environment}".`, [
      { path: "environment", message: `No environment "${environment}"` },
    ]);
  }
  if (row.splitArms && row.splitArms.length > 0) {
    const bucket = customerRef ? splitBucket(agent.id, environment, customerRef) : randomInt(SPLIT_BUCKETS);
    return { environment, configVersion: armForBucket(row.splitArms, bucket).config_version };
  }
  return { environment, configVersion: row.pinnedVersion };
}
