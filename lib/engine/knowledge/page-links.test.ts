import { describe, expect, it } from "vitest";
import type { EngineKnowledgeSource } from "../contracts/snapshot";
import { passagesOf } from "./compiled-knowledge";
import { pageLinkLine } from "./page-links";

// A sitemap source's pages linked from its passages (docs/knowledge.md#url-sources), without a
// passage's id, text or heading path changing.

const source = (content: string, kind: EngineKnowledgeSource["kind"] = "url"): EngineKnowledgeSource => ({
  id: "help",
  key: "help",
  title: "Help",
  kind,
  ...(kind === "url" ? { url: "https://shop.test/sitemap.xml" } : {}),
  content,
  entries: [],
  scope: "GLOBAL",
  scopeId: null,
});

const BEFORE =
  "Intro text before any page.\n\n# Returns\n\nItems can be returned within 30 days.\n\n# Payments\n\nWe take cards.";
const LINKED =
  `Intro text before any page.\n\n# Returns\n${pageLinkLine("https://shop.test/returns")}\n\nItems can be returned within 30 days.\n\n` +
  `# Payments\n${pageLinkLine("https://shop.test/pay?x=1")}\n\nWe take cards.`;

describe("page links", () => {
  it("gives each passage its page's address, the sitemap's before the first page", () => {
    expect(passagesOf(source(LINKED)).map((p) => [p.headingPath, p.sourceUrl])).toEqual([
      [[], "https://shop.test/sitemap.xml"],
      [["Returns"], "https://shop.test/returns"],
      [["Payments"], "https://shop.test/pay?x=1"],
    ]);
  });

  it("keeps every passage's id, text, headings and offsets: the page lines are no part of one", () => {
    const strip = (p: ReturnType<typeof passagesOf>[number]) => ({ ...p, sourceUrl: undefined });
    expect(passagesOf(source(LINKED)).map(strip)).toEqual(passagesOf(source(BEFORE)).map(strip));
  });

  it("reads the line only in a url source: in pasted Markdown it is text like any other", () => {
    const pasted = passagesOf(source(LINKED, "markdown"));
    expect(pasted[1]?.text).toContain("<!-- page: https://shop.test/returns -->");
    expect(pasted.every((p) => p.sourceUrl === undefined)).toBe(true);
  });
});
