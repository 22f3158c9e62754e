import "server-only";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { authAccounts, authRateLimits, authSessions, authVerifications, operators } from "./schema";
import type { Database } from "./types";

/** better-auth reads and writes its models in these tables; its user is Focal's operator. */
export function authDatabaseAdapter(db: Database) {
  return drizzleAdapter(db, {
    provider: "pg",
    schema: {
      user: operators,
      session: authSessions,
      account: authAccounts,
      verification: authVerifications,
      rateLimit: authRateLimits,
    },
  });
}
