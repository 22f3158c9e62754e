// biome-ignore lint/style/noRestrictedImports: reads the agent row and the newest ledger event to check what one save wrote
import { desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { DatabaseHandle } from "@/db/client";
// biome-ignore lint/style/noRestrictedImports: reads the agent row and the newest ledger event to check what one save wrote
import { agents, ledgerEvents } from "@/db/schema";
import { tableCounts } from "./focal-test-app";

// The two things every config editor's DB tests check of each save (rules, scenarios, tools, profile
// fields, response variables): a save makes exactly one version and one CONFIG_CHANGED event, and a
// refused save (stale version → CONFLICT, bad input, wrong role) writes nothing at all.

/** The demo agent (lib/demo/refund-desk.bundle.json) every editor's DB tests run against. */
export const DEMO_AGENT = "refund-desk";

export async function agentRow(handle: DatabaseHandle, agentKey = DEMO_AGENT) {
  const [agent] = await handle.db.select().from(agents).where(eq(agents.key, agentKey));
  if (!agent) throw new Error(`agent ${agentKey} missing`);
  return agent;
}

async function lastEvent(handle: DatabaseHandle) {
  const [event] = await handle.db.select().from(ledgerEvents).orderBy(desc(ledgerEvents.seq)).limit(1);
  return event;
}

/** A CONFIG_CHANGED payload as the editors' tests read it (lib/bundles/entity-field-diff.ts). */
export interface SavedPayload {
  action: string;
  key: string;
  entity: string;
  diff: Record<string, { before: unknown; after: unknown }>;
  previous_key?: string;
  source_key?: string;
}

/** Runs a save and checks: +1 config_version, one CONFIG_CHANGED event of `entity` by the designer. */
export async function expectOneVersion<T extends { ok: boolean }>(
  handle: DatabaseHandle,
  entity: string,
  save: () => Promise<T>,
): Promise<{ payload: SavedPayload; result: T }> {
  const before = (await agentRow(handle)).configVersion;
  const seqBefore = (await lastEvent(handle))?.seq ?? 0;
  const result = await save();
  expect(result).toMatchObject({ ok: true, data: { config_version: before + 1, changed: true } });
  expect((await agentRow(handle)).configVersion).toBe(before + 1);
  const event = await lastEvent(handle);
  expect(event?.seq).toBe(seqBefore + 1);
  expect(event).toMatchObject({ type: "CONFIG_CHANGED", actor: "designer@focal.test", actorKind: "operator" });
  expect(event?.payload).toMatchObject({
    agent_key: DEMO_AGENT,
    entity,
    config_version_before: before,
    config_version_after: before + 1,
  });
  return { payload: event?.payload as unknown as SavedPayload, result };
}

/** What a refused action answers (lib/server/define-action.ts ActionResult's failure). */
export interface Refusal {
  ok: false;
  code: string;
  message: string;
  fieldErrors?: Record<string, string[]>;
}

/** The call is refused and not one row of any table changed, nor the config version. */
export async function expectNothingWritten(handle: DatabaseHandle, call: () => Promise<unknown>): Promise<Refusal> {
  const before = await tableCounts(handle);
  const versionBefore = (await agentRow(handle)).configVersion;
  const result = await call();
  expect(result).toMatchObject({ ok: false });
  expect(await tableCounts(handle)).toEqual(before);
  expect((await agentRow(handle)).configVersion).toBe(versionBefore);
  return result as Refusal;
}
