import { describe, expect, it, vi } from "vitest";
import type { Actor } from "@/lib/server/ledger/event-types";
import { countConfigRows, demoBundle } from "@/test/support/bundle-fixtures";
import { fileDatabase } from "@/test/support/test-database";
import { exportBundle, serializeBundle } from "./export-bundle";
import { importBundle } from "./import-bundle";

// The ledger append is the last write of an import: failing it proves the config writes before it
// roll back with it.
const ledger = vi.hoisted(() => ({ fail: false }));
vi.mock("@/lib/server/ledger/append-ledger-event", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/server/ledger/append-ledger-event")>();
  return {
    ...original,
    appendLedgerEvent: (...args: Parameters<typeof original.appendLedgerEvent>) => {
      if (ledger.fail) throw new Error("ledger unavailable");
      return original.appendLedgerEvent(...args);
    },
  };
});

const actor: Actor = { kind: "system", name: "test", id: null };
const handle = fileDatabase();

describe("importBundle atomicity", () => {
  it("leaves the previous configuration untouched when a late write fails", async () => {
    await importBundle(handle.db, demoBundle(), actor, "req-1");
    const before = await countConfigRows(handle.db);
    const exported = serializeBundle(await exportBundle(handle.db, "refund-desk"));

    const changed = demoBundle();
    changed.rules = [];
    changed.scenarios = [];
    changed.tests = [];
    ledger.fail = true;
    await expect(importBundle(handle.db, changed, actor, "req-2")).rejects.toThrow("ledger unavailable");
    await expect(
      importBundle(handle.db, { focal_bundle: 1, agent: { key: "fresh", name: "Fresh" } }, actor, "req-3"),
    ).rejects.toThrow("ledger unavailable");
    ledger.fail = false;

    expect(await countConfigRows(handle.db)).toEqual(before);
    expect(serializeBundle(await exportBundle(handle.db, "refund-desk"))).toBe(exported);
    await expect(exportBundle(handle.db, "fresh")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
