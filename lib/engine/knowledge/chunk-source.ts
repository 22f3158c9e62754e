import type { FaqEntry, KnowledgeSource, Passage } from "./knowledge-source";
import { passageId } from "./passage-id";

// Sources → passages. A passage is a run of whole paragraphs of one section, at most MAX_CHARS long,
// with the headings above it: Markdown sections never share a passage, so a passage's heading path
// says what all of it is about. A paragraph longer than MAX_CHARS is cut at sentence ends, and a
// sentence longer than that at spaces. A FAQ is one passage per entry (question and answer together).
//
// 1,200 characters ≈ 300 tokens: five passages ground a reply in ≈ 1,500 tokens of prompt, and a
// passage of that size still holds one topic (MTRAG's gold passages are 500–2,000 characters).
// Paragraphs shorter than MIN_CHARS (a one-line lead-in: "You can return an item:") join the next
// paragraph of their section, so that no passage is a bare sentence without its subject: a passage is
// therefore at most MAX_CHARS + MIN_CHARS long.

const MAX_CHARS = 1_200;
const MIN_CHARS = 200;

interface Span {
  start: number;
  end: number;
}

interface Section {
  headingPath: string[];
  blocks: Span[];
  /** The last block takes the next non-blank line (no blank line since). */
  open: boolean;
}

const ATX_HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$/;
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;
const FENCE = /^ {0,3}(```|~~~)/;

/** Every passage of a source, in reading order. */
export function chunkSource(source: KnowledgeSource): Passage[] {
  if (source.kind === "faq")
    return source.entries.map((entry, index) => faqPassage(source.id, source.title, entry, index));
  const sections = source.kind === "markdown" ? markdownSections(source.text) : [plainSection(source.text)];
  const passages: Passage[] = [];
  for (const section of sections) {
    for (const span of packBlocks(source.text, section.blocks)) {
      const text = source.text.slice(span.start, span.end);
      passages.push({
        id: passageId(section.headingPath, text),
        sourceId: source.id,
        title: source.title,
        headingPath: section.headingPath,
        text,
        start: span.start,
        end: span.end,
      });
    }
  }
  return passages;
}

function faqPassage(sourceId: string, title: string, entry: FaqEntry, index: number): Passage {
  const headingPath = entry.section ? [entry.section.trim()] : [];
  const text = `${entry.question.trim()}\n${entry.answer.trim()}`;
  return { id: passageId(headingPath, text), sourceId, title, headingPath, text, start: index, end: index };
}

interface Line extends Span {
  text: string;
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  while (start <= text.length) {
    const newline = text.indexOf("\n", start);
    const end = newline < 0 ? text.length : newline;
    lines.push({ start, end, text: text.slice(start, end).replace(/\r$/, "") });
    if (newline < 0) break;
    start = newline + 1;
  }
  return lines;
}

/** Paragraphs (runs of non-blank lines) of a text with no headings. */
function plainSection(text: string): Section {
  const section: Section = { headingPath: [], blocks: [], open: false };
  for (const line of linesOf(text)) addLine(section, line, false);
  return section;
}

/** A line to the section's paragraphs: a blank line closes one; `joined` continues it whatever comes. */
function addLine(section: Section, line: Line, joined: boolean): void {
  const last = section.blocks.at(-1);
  if (line.text.trim() === "") {
    if (joined && last) last.end = line.end;
    else section.open = false;
    return;
  }
  const end = line.start + line.text.trimEnd().length;
  if (last && (joined || section.open)) last.end = end;
  else section.blocks.push({ start: line.start + (line.text.length - line.text.trimStart().length), end });
  section.open = true;
}

/** Sections of a Markdown text: ATX (`## Refunds`) and setext headings outside code fences. */
function markdownSections(text: string): Section[] {
  const lines = linesOf(text);
  const sections: Section[] = [{ headingPath: [], blocks: [], open: false }];
  const path: { level: number; title: string }[] = [];
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as Line;
    const current = sections.at(-1) as Section;
    const fenceMark = FENCE.exec(line.text)?.[1];
    if (fence !== null || fenceMark) {
      // A fenced block is one paragraph, blank lines and `#` lines included.
      if (fence === null) {
        fence = fenceMark ?? null;
        addLine(current, line, false);
      } else {
        addLine(current, line, true);
        if (line.text.trim().startsWith(fence)) fence = null;
      }
      continue;
    }
    const atx = ATX_HEADING.exec(line.text);
    const next = lines[i + 1];
    const setext =
      !atx && line.text.trim() !== "" && !current.open && next !== undefined ? SETEXT_UNDERLINE.exec(next.text) : null;
    if (atx || setext) {
      const level = atx ? (atx[1] ?? "#").length : (setext?.[1] ?? "=").startsWith("=") ? 1 : 2;
      const title = (atx ? (atx[2] ?? "") : line.text).trim();
      while (path.length > 0 && (path.at(-1)?.level ?? 0) >= level) path.pop();
      if (title !== "") path.push({ level, title });
      sections.push({ headingPath: path.map((h) => h.title), blocks: [], open: false });
      if (setext) i += 1;
      continue;
    }
    addLine(current, line, false);
  }
  return sections.filter((section) => section.blocks.length > 0);
}

/** Whole paragraphs packed into spans of at most MAX_CHARS; a longer paragraph is cut first. */
function packBlocks(text: string, blocks: Span[]): Span[] {
  const pieces = blocks.flatMap((block) => cutLong(text, block));
  const packed: Span[] = [];
  let current: Span | null = null;
  for (const piece of pieces) {
    const joined = current ? piece.end - current.start : 0;
    const short = current !== null && current.end - current.start < MIN_CHARS;
    if (current && (joined <= MAX_CHARS || (short && joined <= MAX_CHARS + MIN_CHARS))) {
      current.end = piece.end;
      continue;
    }
    if (current) packed.push(current);
    current = { ...piece };
  }
  if (current) packed.push(current);
  return packed;
}

const SENTENCE_END = /[.!?…。](?=\s)/g;

/** A paragraph longer than MAX_CHARS as pieces of whole sentences (whole words for a longer sentence). */
function cutLong(text: string, block: Span): Span[] {
  if (block.end - block.start <= MAX_CHARS) return [block];
  const body = text.slice(block.start, block.end);
  const cuts = [0];
  for (const match of body.matchAll(SENTENCE_END)) cuts.push(match.index + 1);
  cuts.push(body.length);
  const pieces: Span[] = [];
  let from = 0;
  for (let i = 1; i < cuts.length; i++) {
    const at = cuts[i] as number;
    const previous = cuts[i - 1] as number;
    if (at - from > MAX_CHARS && previous > from) {
      pieces.push(...cutAtSpaces(body, from, previous));
      from = previous;
    }
  }
  pieces.push(...cutAtSpaces(body, from, body.length));
  return pieces
    .map((piece) => trimSpan(body, piece))
    .filter((piece) => piece.end > piece.start)
    .map((piece) => ({ start: block.start + piece.start, end: block.start + piece.end }));
}

function cutAtSpaces(body: string, from: number, to: number): Span[] {
  const pieces: Span[] = [];
  let start = from;
  while (to - start > MAX_CHARS) {
    const space = body.lastIndexOf(" ", start + MAX_CHARS);
    const end = space > start ? space : start + MAX_CHARS;
    pieces.push({ start, end });
    start = end;
  }
  pieces.push({ start, end: to });
  return pieces;
}

function trimSpan(body: string, span: Span): Span {
  let { start, end } = span;
  while (start < end && /\s/.test(body.charAt(start))) start += 1;
  while (end > start && /\s/.test(body.charAt(end - 1))) end -= 1;
  return { start, end };
}
