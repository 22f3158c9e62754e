import { isPostgresTimestamp } from "@/lib/text/postgres-timestamp";

// The traces list's keyset position, opaque to the URL: base64url of the last row's created_at (as
// PostgreSQL prints it, so the microseconds a JS Date would drop survive) and its id. A cursor that
// does not decode (or names an instant that does not exist) is refused by the request guard with a
// 400 naming it (lib/server/request-guard/page-query.ts); here it is treated as no cursor.

export interface TraceCursor {
  createdAt: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeTraceCursor(cursor: TraceCursor): string {
  return Buffer.from(`${cursor.createdAt}~${cursor.id}`, "utf8").toString("base64url");
}

export function decodeTraceCursor(text: string | undefined): TraceCursor | undefined {
  if (!text || text.length > 120) return undefined;
  const [createdAt, id, extra] = Buffer.from(text, "base64url").toString("utf8").split("~");
  if (extra !== undefined || !createdAt || !id || !isPostgresTimestamp(createdAt) || !UUID.test(id)) return undefined;
  return { createdAt, id };
}
