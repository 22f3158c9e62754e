import type { BundleKnowledgeSource } from "@/lib/engine/contracts/bundle";
import type { KnowledgeSourceFetch, KnowledgeSourceSummary } from "./knowledge-schemas";

/**
 * A source as the Knowledge page lists it: the bundle's source, how many passages it was cut into, a
 * PDF's pages, a url source's last fetch, and the passages input safety reads as instructions.
 */
export type KnowledgePageSource = BundleKnowledgeSource &
  Pick<KnowledgeSourceSummary, "passages" | "pages" | "instructions"> & { fetch: KnowledgeSourceFetch | null };

/** The Knowledge page's data, read as one so the sources and the version a save sends back belong together. */
export interface KnowledgePageData {
  agent: { key: string; name: string; configVersion: number };
  sources: KnowledgePageSource[];
  /** The scenarios a source may be scoped to. */
  scenarios: { key: string; name: string }[];
}
