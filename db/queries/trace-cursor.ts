// The traces list's keyset position, opaque to the URL: base64url of the last row's created_at (as
// PostgreSQL prints it, so the microseconds a JS Date would drop survive) and its id. A cursor that
// does not decode is treated as no cursor: the first page, never an error page.

export interface TraceCursor {
  createdAt: string;
  id: string;
}

// created_at as PostgreSQL prints a timestamptz (DateStyle ISO): "2026-01-02 03:04:05.678901+00".
const CREATED_AT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?[+-]\d{2}(?::\d{2}){0,2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeTraceCursor(cursor: TraceCursor): string {
  return Buffer.from(`${cursor.createdAt}~${cursor.id}`, "utf8").toString("base64url");
}

export function decodeTraceCursor(text: string | undefined): TraceCursor | undefined {
  if (!text || text.length > 120) return undefined;
  const [createdAt, id, extra] = Buffer.from(text, "base64url").toString("utf8").split("~");
  if (extra !== undefined || !createdAt || !id || !CREATED_AT.test(createdAt) || !UUID.test(id)) return undefined;
  return { createdAt, id };
}
