// biome-ignore lint/style/noRestrictedImports: searches every text column of every table for a string the tests must not find stored
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "@/db/client";
import { rowsOf } from "@/db/raw-rows";

// Every column that can hold text: a marker planted in a message, a reply or an id lands in one of these.
const TEXT_TYPES = ["text", "character varying", "character", "json", "jsonb", "uuid", "ARRAY", "USER-DEFINED"];

/**
 * The tables (schema-qualified, pg-boss's included on PostgreSQL) in which some text or JSON column
 * contains `needle`, with how many rows: a whole-database grep.
 */
export async function tablesContaining(handle: DatabaseHandle, needle: string): Promise<Record<string, number>> {
  const columns = rowsOf<{ table_schema: string; table_name: string; column_name: string }>(
    await handle.db.execute(sql`
      select c.table_schema, c.table_name, c.column_name
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema not in ('pg_catalog', 'information_schema') and t.table_type = 'BASE TABLE'
        and c.data_type in (${sql.join(
          TEXT_TYPES.map((type) => sql`${type}`),
          sql`, `,
        )})
      order by 1, 2, 3`),
  );
  const byTable = new Map<string, string[]>();
  for (const c of columns) {
    const table = `"${c.table_schema}"."${c.table_name}"`;
    byTable.set(table, [...(byTable.get(table) ?? []), `"${c.column_name}"::text`]);
  }
  const found: Record<string, number> = {};
  for (const [table, texts] of byTable) {
    const [row] = rowsOf<{ n: number }>(
      await handle.db.execute(
        sql`select count(*)::int as n from ${sql.raw(table)} where strpos(lower(concat_ws(' ', ${sql.raw(texts.join(", "))})), lower(${needle})) > 0`,
      ),
    );
    if (row && row.n > 0) found[table] = row.n;
  }
  return found;
}
