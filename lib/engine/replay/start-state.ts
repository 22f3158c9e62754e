import { createHash } from "node:crypto";
import canonicalize from "canonicalize";
import type { SessionState } from "../contracts/session-state";
import { withStableRefs } from "./stable-refs";

// A replay rebuilds the state each turn starts from out of the replayed turns before it (and the
// tape's `external`), and the fallback streak out of their outcomes. The host records a short hash of
// each field it ran the turn with; a replay hashes its own and names every field that differs. Under
// the configuration the session ran on nothing may differ (docs/replay.md): a field the host keeps
// but a replay cannot rebuild shows up here by name, on the turn where it first drifts.

/** Base64url characters kept per field: 48 bits, so two different values hash alike about once in 2.8e14. */
const KEPT_CHARS = 8;

/** Field of the starting state (SessionState's own names, plus `fallbackStreak`) → short hash. */
export type StartFingerprint = Record<string, string>;

/** What a replay rebuilds of the turn's input instead of reading it from the tape. */
export interface RebuiltInput {
  fallbackStreak: number;
}

function shortHash(value: unknown, refs: ReadonlyMap<string, string> | undefined): string {
  const canonical = canonicalize(withStableRefs(value ?? null, refs)) ?? "null";
  return createHash("sha256").update(canonical).digest("base64url").slice(0, KEPT_CHARS);
}

/**
 * Every field of `state` by its own name, so a field added to SessionState is covered without a change
 * here; ids are hashed as stable references (stable-refs.ts), like requests, so a tape checks the same
 * in another install.
 */
export function startFingerprint(
  state: SessionState,
  rebuilt: RebuiltInput,
  refs?: ReadonlyMap<string, string>,
): StartFingerprint {
  const fields: Record<string, unknown> = { ...state, ...rebuilt };
  return Object.fromEntries(
    Object.keys(fields)
      .sort()
      .map((key) => [key, shortHash(fields[key], refs)]),
  );
}

/** The fields whose replayed value differs from the one the turn ran with; none for a tape without a fingerprint. */
export function startDrift(recorded: StartFingerprint | undefined, replayed: StartFingerprint): string[] {
  if (!recorded) return [];
  const keys = new Set([...Object.keys(recorded), ...Object.keys(replayed)]);
  return [...keys].filter((key) => recorded[key] !== replayed[key]).sort();
}
