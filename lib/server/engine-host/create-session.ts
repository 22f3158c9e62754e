import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { customerProfiles, sessions } from "@/db/schema";
import type { AgentRow, Database, SessionRow } from "@/db/types";

export interface NewSession {
  agent: AgentRow;
  channel: "sandbox" | "api";
  /** The API's customer_id: sessions of one customer share a profile. Sandbox sessions get their own. */
  customerRef?: string;
  continuityEnabled?: boolean;
  createdBy: string;
}

/** A session and (unless it exists) its customer profile, in one transaction. */
export async function createSession(db: Database, input: NewSession): Promise<SessionRow> {
  return db.transaction(async (tx) => {
    const customerRef = input.customerRef ?? `${input.channel}-${randomUUID()}`;
    await tx
      .insert(customerProfiles)
      .values({ agentId: input.agent.id, customerRef, profileSchemaVersion: input.agent.profileSchemaVersion })
      .onConflictDoNothing();
    const [profile] = await tx
      .select({ id: customerProfiles.id })
      .from(customerProfiles)
      .where(and(eq(customerProfiles.agentId, input.agent.id), eq(customerProfiles.customerRef, customerRef)));
    const [session] = await tx
      .insert(sessions)
      .values({
        agentId: input.agent.id,
        customerProfileId: profile?.id ?? null,
        channel: input.channel,
        continuityEnabled: input.continuityEnabled ?? null,
        createdBy: input.createdBy,
      })
      .returning();
    if (!session) throw new Error("session insert returned nothing");
    return session;
  });
}
