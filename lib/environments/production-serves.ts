/**
 * What production (the environment a session gets when none is named) gives its new sessions, beside
 * the latest saved version (what draft and the editors show). Client-safe: built on the server.
 */
export interface ProductionServes {
  /** pinned: a promotion chose it; latest: never pinned, so each save reaches it; split: several at once. */
  how: "pinned" | "latest" | "split";
  versions: number[];
  /** Each arm's share of new sessions, in the order of `versions`; null outside a split. */
  percents: number[] | null;
  latest: number;
}
