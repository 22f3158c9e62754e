// A timestamptz as PostgreSQL prints it (DateStyle ISO), the form keyset cursors carry so the
// microseconds a JS Date would drop survive: "2026-01-02 03:04:05.678901+00". A cursor is text from
// the URL, so its shape is not enough: "2026-02-31 25:61:00+00" has the shape, and PostgreSQL refuses
// it in the query (22008, a 500 before this check).

const TIMESTAMPTZ =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-](\d{2})(?::(\d{2}))?(?::(\d{2}))?$/;

/** Whether `text` is a real instant in PostgreSQL's printed timestamptz form. */
export function isPostgresTimestamp(text: string): boolean {
  const match = TIMESTAMPTZ.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes = "0", offsetSeconds = "0"] = match
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  if (year === undefined || month === undefined || day === undefined) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  const realDay = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return (
    realDay &&
    year >= 1 &&
    (hour ?? 99) < 24 &&
    (minute ?? 99) < 60 &&
    (second ?? 99) < 60 &&
    (offsetHours ?? 99) <= 15 &&
    Number(offsetMinutes) < 60 &&
    Number(offsetSeconds) < 60
  );
}
