import "server-only";
import { sql } from "drizzle-orm";
import type { Transaction } from "@/db/types";

/**
 * Customer profiles keep their values under the field name, so a renamed field must carry them over
 * in the same transaction: otherwise every customer would seem to lack the field from the next turn
 * (the old values stay, unread). A value left under the new name by an earlier deleted field is replaced.
 */
export async function renameProfileValues(tx: Transaction, agentId: string, from: string, to: string) {
  await tx.execute(sql`
    update customer_profiles
    set fields = (fields - ${from}::text) || jsonb_build_object(${to}::text, fields -> ${from}::text),
        updated_at = now()
    where agent_id = ${agentId} and (fields -> ${from}::text) is not null`);
}
