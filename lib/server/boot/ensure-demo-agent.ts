import "server-only";
import { eq } from "drizzle-orm";
import { instanceSettings } from "@/db/schema";
import type { Database } from "@/db/types";
import { importBundle } from "@/lib/bundles/import-bundle";
import demoBundle from "@/lib/demo/refund-desk.bundle.json";
import { SYSTEM_ACTOR } from "../ledger/event-types";

const DEMO_MARK = "demo_agent_imported";

/** Imports the Refund desk on the first start only: an agent the operators deleted stays deleted. */
export async function ensureDemoAgent(db: Database, requestId: string): Promise<boolean> {
  const [mark] = await db.select().from(instanceSettings).where(eq(instanceSettings.key, DEMO_MARK));
  if (mark) return false;
  await importBundle(db, demoBundle, { ...SYSTEM_ACTOR, name: "system:first-start" }, requestId);
  await db.insert(instanceSettings).values({ key: DEMO_MARK, value: new Date().toISOString() }).onConflictDoNothing();
  return true;
}
