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
  /** What the failed query did and to which table ("select from ledger_events"), never its text. */
  query?: string;
  /** Next.js's digest of an error thrown while rendering: the id the error page shows. */
  digest?: string;
  stack?: string[];
  cause?: ErrorSummary;
}

// 300 characters and 8 frames: enough to find the fault; a log line is not a core dump.
const MAX_MESSAGE = 300;
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

const STATEMENT = /^\s*(?:with\b.*?\)\s*)?(select|insert|update|delete)\b/is;
const TABLE_AFTER = {
  select: /\bfrom\s+"?([a-z_][a-z0-9_]*)/i,
  insert: /\binto\s+"?([a-z_][a-z0-9_]*)/i,
  update: /^\s*update\s+"?([a-z_][a-z0-9_]*)/i,
  delete: /\bfrom\s+"?([a-z_][a-z0-9_]*)/i,
};

/**
 * A failed query named by what it did and its first table ("insert into operators"): enough to find
 * the db/queries function, with none of its text (a search's ILIKE pattern, ids in a WHERE).
 */
function queryName(sqlText: string): string {
  const verb = STATEMENT.exec(sqlText)?.[1]?.toLowerCase() as keyof typeof TABLE_AFTER | undefined;
  if (!verb) return "statement";
  const table = TABLE_AFTER[verb].exec(sqlText)?.[1];
  const joiner = verb === "insert" ? " into " : verb === "update" ? " " : " from ";
  return table ? `${verb}${joiner}${table}` : verb;
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
    query = queryName(message.slice("Failed query: ".length));
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
  const digest = field(raw.digest);
  if (digest) summary.digest = digest;
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

// An address in a log line is personal data; better-auth's messages name the account they are about.
const EMAIL = /[^\s@"'<>()[\]{},;:]+@[^\s@"'<>()[\]{},;:]+\.[^\s@"'<>()[\]{},;:]+/g;
// C0 and C1 controls and DEL: a raw NUL splits a log line for some readers, ESC rewrites terminals.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Text that may go into a log line: e-mail addresses replaced, control characters as \uXXXX escapes. */
export function loggableText(text: string): string {
  return text
    .replace(EMAIL, "<email>")
    .replace(CONTROL, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Any log argument made loggable: errors summarised, other values as scrubbed text. */
export function loggableValue(value: unknown): unknown {
  if (value instanceof Error) return loggableError(value);
  if (typeof value === "string") return loggableText(value);
  if (value === null || typeof value !== "object") return value;
  try {
    return loggableText(JSON.stringify(value));
  } catch {
    return "[unserialisable value]";
  }
}
