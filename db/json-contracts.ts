// The shapes of the jsonb columns that hold an engine contract: a turn's provenance and tape, the
// engine's view of an agent at a config_version, a conversation test case. db/ never imports the
// engine (docs/architecture.md), so each column names its contract by a key here and
// lib/server/stored-json-contracts.ts fills the keys in by declaration merging; reads then come out
// typed and writes are checked against the contract. A key nothing fills in reads as a plain object.

/** @public Filled in by declaration merging, which knip does not follow. */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging (see above).
export interface JsonContracts {}

export type JsonContract<K extends string> = K extends keyof JsonContracts ? JsonContracts[K] : Record<string, unknown>;
