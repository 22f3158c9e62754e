import type { Span } from "./facts";

// Numbers that order a text rather than state anything: list markers ("1.", "2)", "(3)", "### 4."),
// the same written inline ("… quality 2. Endocrine problems"), and steps, options and parts ("Step 3",
// "option 2"). A reply that numbers the steps a passage gives as a paragraph is not making them up.
// Fenced code blocks show syntax and examples ("age" > 30 in a sample query), so nothing in them is read.

const CODE_BLOCK = /```[\s\S]*?(?:```|$)/gu;
const LINE_MARKER = /(?<=^|\n)[ \t]*(?:[-*•+][ \t]*)?(?:#{1,6}[ \t]*)?(?:\*\*)?\(?\d{1,3}[.):](?=\s|\*\*)/gu;
const INLINE_MARKER = /(?<=\s)\(?\d{1,2}[.)](?=[ \t]+(?:\*\*|\p{Lu}))/gu;
const PAREN_MARKER = /\((?:\d{1,2}|[a-z])\)/gu;
const ORDINAL_WORD =
  /(?<![\p{L}])(?:step|option|part|tip|method|phase|stage|way|point|item|example|reason|level|tier)\s+#?\d{1,2}(?![\p{N}])/giu;

export function notClaimSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const pattern of [CODE_BLOCK, LINE_MARKER, INLINE_MARKER, PAREN_MARKER, ORDINAL_WORD]) {
    for (const m of text.matchAll(pattern)) spans.push({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length });
  }
  return spans;
}
