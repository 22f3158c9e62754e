import fs from "node:fs";
import { sql } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { rowsOf } from "@/db/raw-rows";
import { appendLedgerEventAlone } from "@/lib/server/ledger/append-ledger-event";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { reusablePglite } from "./pglite-reuse";

// The reuse is what keeps the PGlite run at about 4 minutes instead of 7: a database that cannot be
// emptied is closed, and every later file boots a new one without any test failing.

const template = () => new Blob([fs.readFileSync(inject("pgliteTemplatePath"))], { type: "application/x-tar" });
const neverBoot = (): Blob => {
  throw new Error("booted a new database instead of reusing the emptied one");
};

describe.skipIf(Boolean(process.env.DATABASE_URL))("reused PGlite databases", () => {
  it("hands the next file the same database, emptied: ledger rows, whose tables refuse TRUNCATE, too", async () => {
    const first = await reusablePglite(template);
    await appendLedgerEventAlone(first.db, {
      type: "CONFIG_CHANGED",
      actor: SYSTEM_ACTOR,
      requestId: "reuse",
      payload: { n: 1 },
    });
    await first.close();

    const next = await reusablePglite(neverBoot);
    try {
      const [row] = rowsOf<{ n: number }>(await next.db.execute(sql`select count(*)::int as n from ledger_events`));
      expect(row?.n).toBe(0);
    } finally {
      await next.close();
    }
  });
});
