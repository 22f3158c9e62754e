// Server logs must carry ids and codes, never customer text. Errors are where text leaks in: a failed
// drizzle query's message ends with "params: <every bound value>" (a customer's message, a profile
// value), and PostgreSQL's own messages and details quote the offending value ('invalid input syntax
// for type uuid: "…"', 'Key (email)=(…) already exists'). Every server-side console.error of an error
// goes through loggableError, which keeps what identifies the fault and drops the values.

export interface ErrorSummary {
  name: string;
  message: string;
  /** Node/driver error code (ECONNREFUSED) or an AppError code. */
  code?: string;
  /** PostgreSQL SQLSTATE (23505 unique_violation, 22P02 invalid_text_representation, …). */
  sqlState?: string;
  constraint?: string;
  table?: string;
  column?: string;
  /** The query text without its parameters, from a drizzle query error. */
  query?: string;
  stack?: string[];
  cause?: ErrorSummary;
}

// 300 characters and 8 frames: enough to find the fault; a log line is not a core dump.
const MAX_MESSAGE = 300;
const MAX_QUERY = 300;
const MAX_FRAMES = 8;
const MAX_CAUSES = 3;
const SQLSTATE = /^[0-9A-Z]{5}$/;
const IDENTIFIER = /^[a-z_][a-z0-9_$.]{0,62}$/;

const field = (value: unknown): string | undefined =>
  typeof value === "string" && value.length > 0 && value.length <= 128 ? value : undefined;

/** Quoted segments are where values appear; keep the ones that are plainly SQL identifiers. */
function redactQuoted(text: string, keepIdentifiers: boolean): string {
  return text
    .replace(/"((?:[^"\\]|\\.)*)"/g, (whole, inner: string) =>
      keepIdentifiers && IDENTIFIER.test(inner) ? whole : '"…"',
    )
    .replace(/'((?:[^'\\]|'')*)'/g, "'…'")
    .replace(/\(([^()]*)\)=\(([^()]*)\)/g, "($1)=(…)");
}

function summarize(error: unknown, depth: number): ErrorSummary {
  if (!(error instanceof Error)) {
    return {
      name: typeof error,
      message: typeof error === "string" ? redactQuoted(error, false).slice(0, MAX_MESSAGE) : "non-error thrown",
    };
  }
  const raw = error as Error & Record<string, unknown>;
  const code = field(raw.code);
  const sqlState = code && SQLSTATE.test(code) ? code : undefined;
  // Class 22 (data exception) messages quote the rejected value itself, identifier-shaped or not.
  const keepIdentifiers = !sqlState?.startsWith("22");
  let message = error.message.split(/\n\s*params:/)[0] ?? "";
  let query: string | undefined;
  if (message.startsWith("Failed query: ")) {
    query = redactQuoted(message.slice("Failed query: ".length), true).slice(0, MAX_QUERY);
    message = "Failed query";
  }
  const summary: ErrorSummary = {
    name: error.name,
    message: redactQuoted(message, keepIdentifiers).slice(0, MAX_MESSAGE),
  };
  if (sqlState) summary.sqlState = sqlState;
  else if (code) summary.code = code;
  const constraint = field(raw.constraint) ?? field(raw.constraint_name);
  const table = field(raw.table) ?? field(raw.table_name);
  const column = field(raw.column) ?? field(raw.column_name);
  if (constraint) summary.constraint = constraint;
  if (table) summary.table = table;
  if (column) summary.column = column;
  if (query) summary.query = query;
  const frames = (error.stack ?? "")
    .split("\n")
    .filter((line) => line.startsWith("    at "))
    .slice(0, MAX_FRAMES)
    .map((line) => line.trim());
  if (frames.length > 0) summary.stack = frames;
  if (error.cause !== undefined && depth < MAX_CAUSES) summary.cause = summarize(error.cause, depth + 1);
  return summary;
}

/** What may be logged about an error: name, codes, SQLSTATE, constraint, message without values. */
export function loggableError(error: unknown): ErrorSummary {
  return summarize(error, 0);
}
