import "server-only";
import { randomBytes } from "node:crypto";
import { anyAdminEmail } from "@/db/queries/identity";
import type { Database } from "@/db/types";
import { createOperator } from "@/lib/server/auth/operators";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";

export interface AdminReport {
  email: string;
  /** Set only when this start created the admin with a generated password (printed once). */
  generatedPassword?: string;
  created: boolean;
}

/** First start: create the admin from FOCAL_ADMIN_EMAIL / FOCAL_ADMIN_PASSWORD, or generate a password. */
export async function ensureAdmin(
  db: Database,
  config: { email: string; password?: string },
  requestId: string,
): Promise<AdminReport> {
  const existing = await anyAdminEmail(db);
  if (existing) return { email: existing, created: false };
  const generated = config.password ? undefined : randomBytes(12).toString("base64url");
  await db.transaction((tx) =>
    createOperator(
      tx,
      { email: config.email, name: "Admin", role: "admin", password: config.password ?? (generated as string) },
      SYSTEM_ACTOR,
      requestId,
    ),
  );
  return { email: config.email.toLowerCase(), generatedPassword: generated, created: true };
}
