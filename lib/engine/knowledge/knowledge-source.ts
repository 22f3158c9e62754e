import { z } from "zod";

// What a designer adds as knowledge, before it is cut into passages (chunk-source.ts). Files and URLs
// arrive here already turned into text or Markdown by the host; the engine never reads them itself.

const FaqEntrySchema = z.object({
  question: z.string().min(1),
  answer: z.string().min(1),
  /** An optional group heading ("Shipping"), kept as the passage's heading path. */
  section: z.string().optional(),
});

export const KnowledgeSourceSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.enum(["text", "markdown"]),
    id: z.string().min(1),
    /** The source's name as the designer sees it ("Returns policy", "Hotel Alpina"): searched like text. */
    title: z.string(),
    text: z.string(),
  }),
  z.object({
    kind: z.literal("faq"),
    id: z.string().min(1),
    title: z.string(),
    entries: z.array(FaqEntrySchema),
  }),
]);

export type KnowledgeSource = z.infer<typeof KnowledgeSourceSchema>;
export type FaqEntry = z.infer<typeof FaqEntrySchema>;

/** One retrievable piece of a source. */
export interface Passage {
  /** sha-256 of the passage's canonical content (passage-id.ts): the same content, the same id, in any version. */
  id: string;
  sourceId: string;
  /** The source's title, searched with the passage (a FAQ answer rarely repeats the hotel's name). */
  title: string;
  /** The headings above the passage, outermost first: ["Returns", "Refund window"]. */
  headingPath: string[];
  text: string;
  /** Character offsets of `text` in the source's text ([start, end)); for a FAQ entry, its index twice. */
  start: number;
  end: number;
  /** A url source's address, which "Why this answer" links; absent for every other source. */
  sourceUrl?: string;
}
