import { describe, expect, it } from "vitest";
import { passagesOf } from "@/lib/engine/knowledge/compiled-knowledge";
import { customerWhyOf } from "./customer-turn";

// "Why this answer" links a url source (docs/knowledge.md#url-sources): its passages carry the source's
// address into the citation, and the customer's answer names each source once, with the address only
// where the source has one.

describe("why.sources of url sources", () => {
  it("carries a url source's address on its passages, and no address on other sources'", () => {
    const base = { key: "k", title: "Shipping help", content: "# Shipping\n\nThree to five days.", entries: [] };
    const page = { ...base, id: "help", kind: "url" as const, url: "https://help.example.com/shipping" };
    const pasted = { ...base, id: "pasted", kind: "markdown" as const };
    expect(passagesOf({ ...page, scope: "GLOBAL", scopeId: null })[0]?.sourceUrl).toBe(
      "https://help.example.com/shipping",
    );
    expect(passagesOf({ ...pasted, scope: "GLOBAL", scopeId: null })[0]).not.toHaveProperty("sourceUrl");
  });

  it("names each cited source once, with its url when it has one", () => {
    const why = customerWhyOf(
      "answered",
      [],
      [
        { title: "Shipping help", url: "https://help.example.com/shipping" },
        { title: "Shipping help", url: "https://help.example.com/shipping" },
        { title: "Store policies", url: null },
      ],
    );
    expect(why.sources).toEqual([
      { title: "Shipping help", url: "https://help.example.com/shipping" },
      { title: "Store policies" },
    ]);
  });
});
