import "server-only";
import { getInstanceSetting, insertInstanceSettingIfAbsent } from "@/db/queries/instance-settings";
import type { Database } from "@/db/types";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demoBundle from "@/lib/demo/refund-desk.bundle.json";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";

const DEMO_MARK = "demo_agent_imported";

/** Imports the Refund desk on the first start only: an agent the operators deleted stays deleted. */
export async function ensureDemoAgent(db: Database, requestId: string): Promise<boolean> {
  if ((await getInstanceSetting(db, DEMO_MARK)) !== null) return false;
  await importBundle(db, demoBundle, { ...SYSTEM_ACTOR, name: "system:first-start" }, requestId);
  await insertInstanceSettingIfAbsent(db, DEMO_MARK, new Date().toISOString());
  return true;
}
