import { desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { agents, ledgerEvents, profileFieldDefinitions, responseVariableDefinitions } from "@/db/schema";
import { tableCounts } from "@/test/support/focal-test-app";

// Shared by the two DB test files of this folder: the demo agent's versions, the newest ledger event,
// and the two things every save must (or must not) do.

export const AGENT = "refund-desk";

export async function agentRow(handle: DatabaseHandle) {
  const [agent] = await handle.db.select().from(agents).where(eq(agents.key, AGENT));
  if (!agent) throw new Error("agent missing");
  return agent;
}

export async function lastEvent(handle: DatabaseHandle) {
  const [event] = await handle.db.select().from(ledgerEvents).orderBy(desc(ledgerEvents.seq)).limit(1);
  return event;
}

export interface SavedPayload {
  action: string;
  key: string;
  entity: string;
  diff: Record<string, { before: unknown; after: unknown }>;
  previous_key?: string;
}

/** Runs a save and checks: +1 config_version, one CONFIG_CHANGED event of `entity` by the designer. */
export async function expectOneVersion<T extends { ok: boolean }>(
  handle: DatabaseHandle,
  entity: "profile_field" | "variable",
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
    agent_key: AGENT,
    entity,
    config_version_before: before,
    config_version_after: before + 1,
  });
  return { payload: event?.payload as unknown as SavedPayload, result };
}

/** Every stored field and variable, whole rows in id order: an in-place update changes this. */
async function definitions(handle: DatabaseHandle) {
  return {
    fields: await handle.db.select().from(profileFieldDefinitions).orderBy(profileFieldDefinitions.id),
    variables: await handle.db.select().from(responseVariableDefinitions).orderBy(responseVariableDefinitions.id),
  };
}

/** The call is refused and nothing changed: no row added or removed anywhere, no definition, no version. */
export async function expectNothingWritten<T>(handle: DatabaseHandle, call: () => Promise<T>): Promise<T> {
  const before = await tableCounts(handle);
  const rows = await definitions(handle);
  const agent = await agentRow(handle);
  const result = await call();
  expect(result).toMatchObject({ ok: false });
  expect(await tableCounts(handle)).toEqual(before);
  expect(await definitions(handle)).toEqual(rows);
  const after = await agentRow(handle);
  expect(after.configVersion).toBe(agent.configVersion);
  expect(after.profileSchemaVersion).toBe(agent.profileSchemaVersion);
  expect(after.updatedAt).toEqual(agent.updatedAt);
  return result;
}
