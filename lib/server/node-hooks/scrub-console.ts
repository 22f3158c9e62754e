import { loggableValue } from "../loggable-error";

// Next.js logs what a page or server action throws with console.error, outside every wrapper: a
// failed page query printed its whole SQL and "params: …" (search text, ids). Every error and warning
// line of the server process goes through loggableValue instead: errors as their summary (SQLSTATE,
// query name, digest), strings without e-mail addresses or control characters.

const SCRUBBED = Symbol.for("focal.consoleScrubbed");

/** Wraps console.error and console.warn once per process. */
export function installConsoleScrub(): void {
  const target = console as Console & { [SCRUBBED]?: true };
  if (target[SCRUBBED]) return;
  target[SCRUBBED] = true;
  for (const level of ["error", "warn"] as const) {
    const write = console[level].bind(console);
    console[level] = (...args: unknown[]) => write(...args.map(loggableValue));
  }
}
