import { PGlite } from "@electric-sql/pglite";
import { type DatabaseHandle, openDatabase } from "@/db/client";

// Starting a PGlite from the migrated template costs ~1.5 s of CPU on these machines (Postgres boots
// inside WebAssembly each time), and the DB test files open more than 110 databases a run. A file's
// database is instead emptied (TRUNCATE) when the file closes it and handed to the next file of the same
// worker: the whole PGlite run took 244 s this way against 411 s booting one per file (2 workers, 2
// cores; the sum of the files' times 306 s against 418 s). A database that a file
// changed beyond its rows (a table, a trigger disabled, a role) is closed for real, so the next file
// always starts from the template.

/** The migrated template's shape: tables, columns, triggers and their state, functions, roles. */
const SHAPE_SQL = `
  select md5(string_agg(item, '|' order by item)) as shape from (
    select 'c:' || n.nspname || '.' || c.relname || ':' || c.relkind::text as item
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
    union all
    select 'a:' || a.attrelid::regclass || '.' || a.attname || ':' || format_type(a.atttypid, a.atttypmod)
      || ':' || a.attnotnull::text || ':' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attnum > 0 and not a.attisdropped and n.nspname in ('public', 'drizzle')
    union all
    select 't:' || tgrelid::regclass || '.' || tgname || ':' || tgenabled::text from pg_trigger where not tgisinternal
    union all
    select 'p:' || p.proname || ':' || md5(p.prosrc) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname not in ('pg_catalog', 'information_schema')
    union all
    select 'r:' || rolname from pg_roles
    union all
    select 'n:' || nspname from pg_namespace
  ) items`;

const TABLES_SQL = `
  select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'`;

interface Parked {
  client: PGlite;
  shape: string;
  tables: string;
}

const parked: Parked[] = [];

async function shapeOf(client: PGlite): Promise<string> {
  const result = await client.query<{ shape: string }>(SHAPE_SQL);
  return result.rows[0]?.shape ?? "";
}

/**
 * A PGlite database equal to the migrated template: one a previous file of this worker emptied, or a
 * new one loaded from `dump`. Closing the handle empties it and parks it for the next file, or closes it
 * when its shape no longer matches the template's. A caller that keeps the handle's `db` after closing
 * it gets PGlite's "closed" error, as it would from a database that was really closed.
 */
export async function reusablePglite(dump: () => Blob): Promise<DatabaseHandle> {
  let entry = parked.pop();
  if (!entry) {
    const client = await PGlite.create({ loadDataDir: dump() });
    const tables = (await client.query<{ name: string }>(TABLES_SQL)).rows.map((row) => row.name).join(", ");
    entry = { client, shape: await shapeOf(client), tables };
  }
  const lease = leaseOf(entry.client);
  const opened = await openDatabase({ pglite: lease.client, migrate: false });
  return {
    ...opened,
    close: async () => {
      if (!lease.revoke()) return;
      await returnToPark(entry);
    },
  };
}

async function returnToPark(entry: Parked): Promise<void> {
  try {
    // Session state a file may leave behind: settings (session_replication_role), advisory locks, temp tables.
    await entry.client.exec("ROLLBACK; RESET ALL; SELECT pg_advisory_unlock_all(); DISCARD TEMP;");
    if ((await shapeOf(entry.client)) !== entry.shape) {
      await entry.client.close();
      return;
    }
    // The ledger's tables refuse TRUNCATE with a trigger (append-only); the replica role skips
    // triggers for this one statement, as a restore would, and the template's triggers stay as they are.
    await entry.client.exec(
      `SET session_replication_role = replica; TRUNCATE ${entry.tables} RESTART IDENTITY CASCADE; RESET session_replication_role;`,
    );
    parked.push(entry);
  } catch {
    await entry.client.close().catch(() => {});
  }
}

/** The client as one file sees it: every call after `revoke` fails like a closed PGlite. */
function leaseOf(client: PGlite): { client: PGlite; revoke: () => boolean } {
  let revoked = false;
  const view = new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (revoked) throw new Error("PGlite is closed");
        return value.apply(target, args);
      };
    },
  });
  return {
    client: view,
    revoke: () => {
      if (revoked) return false;
      revoked = true;
      return true;
    },
  };
}
