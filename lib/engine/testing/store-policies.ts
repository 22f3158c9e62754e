import type { BundleKnowledgeSource } from "../contracts/bundle";

// A knowledge source for tests of knowledge (docs/knowledge.md): a small store's shipping and returns
// page, three passages (one per section), beside the demo Refund desk whose tools and rules it leaves to them.

export const STORE_POLICIES: BundleKnowledgeSource = {
  key: "store-policies",
  title: "Store policies",
  kind: "markdown",
  content:
    "# Returns\n\nUnused items can be returned within 30 days of delivery. Print the prepaid return label from the order page and drop the parcel at any post office; the label is free.\n\nRefunds reach the original card 5 to 7 business days after the parcel arrives at the warehouse.\n\n# Shipping\n\nStandard shipping takes 3 to 5 business days and costs $4.90. Orders over $60 ship free.\n\nExpress shipping arrives the next business day when ordered before 2 pm and costs $12.\n\n# Opening hours\n\nThe support team answers chats Monday to Friday, 9 am to 6 pm Eastern time.",
  entries: [],
  scope: "GLOBAL",
  scope_ref: null,
};

/** A bundle with the Store policies added to its knowledge. */
export function withStorePolicies<B extends { knowledge_sources?: unknown[] }>(
  bundle: B,
): B & { knowledge_sources: unknown[] } {
  return { ...bundle, knowledge_sources: [...(bundle.knowledge_sources ?? []), STORE_POLICIES] };
}
