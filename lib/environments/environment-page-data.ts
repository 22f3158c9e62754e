import type { ComparisonBody, EnvironmentBody } from "./environment-schemas";

/** One environment as the console's Environments page shows it (client-safe: built on the server). */
export interface EnvironmentCardData {
  environment: EnvironmentBody;
  /** The pin before the current one (rollback's target), null when there is none. */
  previousPin: number | null;
  /** Ledger sequence numbers of the config changes between the previous pin and the current one, newest first. */
  changeSeqs: number[];
  comparison: ComparisonBody | null;
  /** The environment's latest sessions with turns, newest first: a promotion's impact preview replays them. */
  recentSessionIds: string[];
}

export interface EnvironmentsPageData {
  agentKey: string;
  agentName: string;
  latestVersion: number;
  /** Versions that can be pinned: every kept version and the latest, newest first. */
  versions: number[];
  cards: EnvironmentCardData[];
}
