import "server-only";
import { randomUUID } from "node:crypto";
import { insertProfileIfAbsent, insertSession, profileIdOf } from "@/db/queries/sessions";
import type { AgentRow, Database, SessionRow } from "@/db/types";
import { DRAFT, PRODUCTION } from "@/lib/environments/environment-schemas";
import { sessionVersionFor } from "@/lib/environments/server/session-version";

export interface NewSession {
  agent: AgentRow;
  channel: SessionRow["channel"];
  /** The API's customer_id: sessions of one customer share a profile. Sandbox sessions get their own. */
  customerRef?: string;
  continuityEnabled?: boolean;
  createdBy: string;
  /** docs/environments.md: default production for the API, draft for the sandbox. */
  environment?: string;
}

/**
 * A session and (unless it exists) its customer profile, in one transaction. It records its
 * environment and the config version it was assigned (a split draws it by customer id); its turns run
 * at that version.
 */
export async function createSession(db: Database, input: NewSession): Promise<SessionRow> {
  const environment = input.environment ?? (input.channel === "sandbox" ? DRAFT : PRODUCTION);
  const assigned = await sessionVersionFor(db, input.agent, environment, input.customerRef);
  return db.transaction(async (tx) => {
    const customerRef = input.customerRef ?? `${input.channel}-${randomUUID()}`;
    await insertProfileIfAbsent(tx, {
      agentId: input.agent.id,
      customerRef,
      profileSchemaVersion: input.agent.profileSchemaVersion,
    });
    const profileId = await profileIdOf(tx, input.agent.id, customerRef);
    return insertSession(tx, {
      agentId: input.agent.id,
      customerProfileId: profileId,
      channel: input.channel,
      continuityEnabled: input.continuityEnabled ?? null,
      createdBy: input.createdBy,
      environment: assigned.environment,
      configVersion: assigned.configVersion,
    });
  });
}
