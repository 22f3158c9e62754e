import "server-only";
import { randomUUID } from "node:crypto";
import { insertProfileIfAbsent, insertSession, profileIdOf } from "@/db/queries/sessions";
import type { AgentRow, Database, SessionRow } from "@/db/types";

export interface NewSession {
  agent: AgentRow;
  channel: SessionRow["channel"];
  /** The API's customer_id: sessions of one customer share a profile. Sandbox sessions get their own. */
  customerRef?: string;
  continuityEnabled?: boolean;
  createdBy: string;
}

/** A session and (unless it exists) its customer profile, in one transaction. */
export async function createSession(db: Database, input: NewSession): Promise<SessionRow> {
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
    });
  });
}
