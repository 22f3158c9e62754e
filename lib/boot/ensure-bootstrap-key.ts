import "server-only";
import { apiKeyIdByHash } from "@/db/queries/identity";
import type { Database } from "@/db/types";
import { createApiKey, hashApiKey } from "@/lib/server/auth/api-keys";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";

/**
 * FOCAL_BOOTSTRAP_API_KEY provisions an admin-scoped key for automation. It is created once;
 * a key an admin later revoked stays revoked.
 */
export async function ensureBootstrapKey(db: Database, key: string, requestId: string): Promise<boolean> {
  if (await apiKeyIdByHash(db, hashApiKey(key))) return false;
  await db.transaction((tx) =>
    createApiKey(tx, { name: "bootstrap (FOCAL_BOOTSTRAP_API_KEY)", scopes: ["admin"], key }, SYSTEM_ACTOR, requestId),
  );
  return true;
}
