import { describe, expect, it } from "vitest";
import { chunkSource } from "@/lib/engine/knowledge/chunk-source";
import { minimalPdf } from "@/test/support/minimal-pdf";
import { pdfPageCount } from "../knowledge-files";
import { FileUnreadable } from "./convert-on-worker";
import { htmlMarkdown } from "./html-markdown";
import { HTML_TOO_DEEP, htmlNestingDepth, MAX_HTML_NESTING } from "./html-nesting";
import { htmlToMarkdown } from "./html-to-markdown";
import { pdfToMarkdown } from "./pdf-to-markdown";

// The uploaded files' converters (docs/knowledge.md#uploaded-files): what the chunker then cuts into
// passages, with the headings (HTML) or the page (PDF) as each passage's heading path; both run on a
// worker thread with a deadline and a heap cap.

const HELP_PAGE = `<!doctype html>
<html><head><title>Help | Shop</title><style>h1 { color: red }</style><script>track("page")</script></head>
<body>
  <nav><a href="/">Home</a> <a href="/help">Help</a></nav>
  <h1>Help centre</h1>
  <p>Orders ship from Berlin. Ask us about customer_id 42 or a *starred* item.</p>
  <h2>Shipping</h2>
  <p>Standard shipping takes <b>3 to 5</b> business days.</p>
  <ul><li>EU: tracked</li><li>UK: tracked, customs paid</li></ul>
  <h3>Shipping costs</h3>
  <table>
    <thead><tr><th>Zone</th><th>Price</th></tr></thead>
    <tbody><tr><td>EU</td><td>4.90 EUR</td></tr><tr><td><p>UK</p></td><td>9.90 | 12.90 EUR</td></tr></tbody>
  </table>
  <h2>Returns</h2>
  <p># 1 rule: keep the receipt. Returns are free within 30 days.</p>
  <script>alert("never text")</script>
  <img src="data:image/png;base64,AAAA" alt="Returns label">
</body></html>`;

const passagesOf = (markdown: string) =>
  chunkSource({ kind: "markdown", id: "s", title: "Help", text: markdown }).map((p) => ({
    headingPath: p.headingPath,
    text: p.text,
  }));

describe("htmlMarkdown", () => {
  const markdown = htmlMarkdown(HELP_PAGE);

  it("keeps h1–h6 as the passages' heading paths", () => {
    const passages = passagesOf(markdown);
    expect(passages.map((p) => p.headingPath)).toEqual([
      ["Help centre"],
      ["Help centre", "Shipping"],
      ["Help centre", "Shipping", "Shipping costs"],
      ["Help centre", "Returns"],
    ]);
    expect(passages[1]?.text).toContain("3 to 5");
  });

  it("drops scripts, styles, navigation and the head, and images become their alt text", () => {
    for (const gone of ["track(", "alert", "color: red", "Home", "Help | Shop", "base64"]) {
      expect(markdown).not.toContain(gone);
    }
    expect(markdown).toContain("Returns label");
  });

  it("keeps lists as lists and a table as one pipe row per line, its header marked", () => {
    expect(markdown).toContain("-   EU: tracked\n-   UK: tracked, customs paid");
    expect(markdown).toContain("| Zone | Price |\n| --- | --- |\n| EU | 4.90 EUR |\n| UK | 9.90 \\| 12.90 EUR |");
  });

  it("escapes only what the chunker would read as a heading, not the text's * and _", () => {
    expect(markdown).toContain("\\# 1 rule: keep the receipt.");
    expect(markdown).toContain("customer_id 42 or a *starred* item");
  });

  it("gives no text for a page of scripts and navigation only", () => {
    expect(htmlMarkdown("<script>x()</script><nav><a href='/'>Home</a></nav><style>p{}</style>")).toBe("");
  });
});

/** `depth` <div>s, each inside the last, around one word. */
const nested = (depth: number) => `${"<div>".repeat(depth)}Deep${"</div>".repeat(depth)}`;

describe("htmlToMarkdown (on its worker)", () => {
  it("converts a page as htmlMarkdown does, two pages at once from the first", async () => {
    // The first conversions of the file start their workers together (unbundled, both must find out
    // that a worker starts through tsx, and both start again).
    const [first, second] = await Promise.all([htmlToMarkdown(HELP_PAGE), htmlToMarkdown("<h1>Hours</h1><p>9–5</p>")]);
    expect(first).toBe(htmlMarkdown(HELP_PAGE));
    expect(second).toBe("# Hours\n\n9–5");
  }, 60_000);

  it("stops a page that outlasts its deadline: its worker is ended and the event loop stays free meanwhile", async () => {
    // As deep as a page may nest, after 2 MiB of paragraphs: seconds of turndown's CPU, far past 0.2 s.
    const page = `${"<p>Open nine to five.</p>".repeat(80_000)}${nested(MAX_HTML_NESTING)}`;
    const started = Date.now();
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    // The deadline counts from the worker's start of work, after it loaded (up to seconds on a loaded machine).
    const refused = htmlToMarkdown(page, { deadlineMs: 200, heapMb: 512 });
    await expect(refused).rejects.toThrow(new FileUnreadable("The page took more than 0.2 s to read: split the file"));
    clearInterval(ticker);
    const took = Date.now() - started;
    expect(took).toBeLessThan(20_000);
    // A 10 ms timer fired at least every 40 ms on average: the conversion never held the event loop.
    expect(ticks).toBeGreaterThan(took / 40);
  }, 60_000);

  it("refuses a page nested deeper than a page may be at once, before any worker starts", async () => {
    // 100,000 nested <div>s (1 MB) took turndown 78 s of CPU on the request thread.
    const started = Date.now();
    await expect(htmlToMarkdown(nested(100_000))).rejects.toThrow(new FileUnreadable(HTML_TOO_DEEP));
    await expect(htmlToMarkdown(nested(MAX_HTML_NESTING + 1))).rejects.toThrow(new FileUnreadable(HTML_TOO_DEEP));
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("counts the nesting of elements that need an end tag, not of lists, paragraphs, cells or scripts", () => {
    expect(htmlNestingDepth(nested(3))).toBe(3);
    // A list of 10,000 items whose <li>s are never closed is one level deep, not 10,000.
    expect(htmlNestingDepth(`<ul>${"<li>item".repeat(10_000)}</ul>`)).toBe(1);
    expect(htmlNestingDepth(`<div>${"<br><img src=a.png><span/>".repeat(10_000)}</div>`)).toBe(1);
    expect(htmlNestingDepth(`<script>${"document.write('<div>');".repeat(10_000)}</script><!-- <div><div> -->`)).toBe(
      0,
    );
    expect(htmlNestingDepth("<DIV><Section><b>x</b></Section></DIV>")).toBe(3);
    expect(htmlNestingDepth("<div>1 < 2 <3</div><style>p > a { }</style>")).toBe(1);
  });

  it("reads a page of openers that never close in one pass", () => {
    // Each unclosed comment, tag or script must not send the scan to the page's end again: 40,000
    // unclosed comments took a rescanning pattern 5.5 s.
    const started = Date.now();
    for (const opener of ["<!--", "<script ", "<a ", "<div"]) {
      expect(htmlNestingDepth(`<div>${opener.repeat(200_000)}`)).toBe(1);
    }
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("reads a page nested 5,000 levels deep, which overflows the request thread's stack", async () => {
    expect(() => htmlMarkdown(nested(5_000))).toThrow("nested too deeply");
    expect(await htmlToMarkdown(nested(5_000))).toBe("Deep");
  }, 60_000);

  it("refuses a page that needs more memory than its heap, not the server", async () => {
    const page = "<p>Orders ship the same day.</p>".repeat(100_000);
    await expect(htmlToMarkdown(page, { deadlineMs: 30_000, heapMb: 32 })).rejects.toThrow(
      new FileUnreadable("The page needs more than 32 MB of memory to read: split the file"),
    );
  }, 60_000);
});

describe("pdfToMarkdown", () => {
  it("puts each page's text under its page heading, empty pages counted", async () => {
    const pdf = minimalPdf([
      ["Warranty terms", "Every kettle carries a two year warranty (parts and labour)."],
      [],
      ["# Descaling", "Descale the kettle every month with citric acid."],
    ]);
    const { markdown, pages } = await pdfToMarkdown(pdf);
    expect(pages).toBe(3);
    expect(pdfPageCount(markdown)).toBe(3);
    const passages = passagesOf(markdown);
    expect(passages).toEqual([
      {
        headingPath: ["Page 1"],
        text: "Warranty terms\nEvery kettle carries a two year warranty (parts and labour).",
      },
      { headingPath: ["Page 3"], text: "\\# Descaling\nDescale the kettle every month with citric acid." },
    ]);
  });

  it("refuses what is not a PDF", async () => {
    await expect(pdfToMarkdown(new TextEncoder().encode("GIF89a not a pdf"))).rejects.toBeInstanceOf(FileUnreadable);
  });

  it("stops a PDF that outlasts its deadline: its worker is ended and the event loop stays free meanwhile", async () => {
    const line = "Descale the kettle every month with citric acid; vinegar leaves a taste in the water.";
    const pdf = minimalPdf(
      Array.from({ length: 400 }, (_, p) => Array.from({ length: 40 }, (_, i) => `${p}.${i} ${line}`)),
    );
    const started = Date.now();
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    const refused = pdfToMarkdown(pdf, { maxPages: 2_000, deadlineMs: 300, heapMb: 512 });
    await expect(refused).rejects.toThrow(new FileUnreadable("The PDF took more than 0.3 s to read: split the file"));
    clearInterval(ticker);
    // 400 pages take seconds to read (500 took 6.7 s on a loaded 2-core machine); the refusal comes
    // at the deadline, after the worker's start, and timers kept firing all along.
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(ticks).toBeGreaterThan(10);
  }, 30_000);

  it("counts the pages before reading one: a PDF over the cap is refused by its page count", async () => {
    const pdf = minimalPdf([["One"], ["Two"], ["Three"]]);
    await expect(pdfToMarkdown(pdf, { maxPages: 2, deadlineMs: 30_000, heapMb: 512 })).rejects.toThrow(
      new FileUnreadable("The PDF has 3 pages; a source reads at most 2: split the file"),
    );
  });
});
