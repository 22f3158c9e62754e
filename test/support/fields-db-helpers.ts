import { expect } from "vitest";
import type { DatabaseHandle } from "@/db/client";
// biome-ignore lint/style/noRestrictedImports: compares every field and variable row, whole, to prove a refused save changed nothing
import { profileFieldDefinitions, responseVariableDefinitions } from "@/db/schema";
import { agentRow } from "@/test/support/config-save-checks";
import { tableCounts } from "@/test/support/focal-test-app";

// Shared by the two DB test files of this folder: the checks every editor's DB tests use, and a
// stricter "nothing written" that also compares every field and variable row and the profile schema version.

export { agentRow, DEMO_AGENT as AGENT, expectOneVersion } from "@/test/support/config-save-checks";

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
