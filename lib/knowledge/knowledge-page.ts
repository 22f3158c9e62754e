import type { BundleKnowledgeSource } from "@/lib/engine/contracts/bundle";

/** A source as the Knowledge page lists it: the bundle's source, how many passages it was cut into, a PDF's pages. */
export type KnowledgePageSource = BundleKnowledgeSource & { passages: number; pages: number | null };

/** The Knowledge page's data, read as one so the sources and the version a save sends back belong together. */
export interface KnowledgePageData {
  agent: { key: string; name: string; configVersion: number };
  sources: KnowledgePageSource[];
  /** The scenarios a source may be scoped to. */
  scenarios: { key: string; name: string }[];
}
