import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Query functions take either; the caller owns the transaction. */
export type DbOrTx = Database | Transaction;
export type Dialect = "pglite" | "postgres";

// Row types for code outside db/: biome cannot tell a type import from a value import, so everything
// outside db/ imports these from here and never reaches the schema's table objects.
export type {
  AgentBudgetRow,
  AgentCredentialRow,
  AgentEnvironmentRow,
  AgentRow,
  BudgetSpendRow,
  JobRunRow,
  KnowledgeSourceFetchRow,
  LedgerEventRow,
  LoopTraceInsert,
  LoopTraceRow,
  McpServerRow,
  ResponseVariableMoney,
  ScenarioRow,
  SessionRow,
  StepRow,
  TraceSpanRow,
  TransitionRow,
  TurnRow,
  WebhookRow,
} from "./schema";
