import { wordSet } from "../../text/words";
import type { MoneyToken } from "./money-tokens";
import { NEGATION_CUES } from "./negation";

// Markdown tables. A table's amounts are read by their column and their row, not by the words nearest
// them, which in a table are the header two lines up or the cell beside: "| Order | Total | Refund |"
// over "| #48213 | $75.00 | $25.00 |" promises $25, not $75.
//   refund     — a column headed by a context word ("Refund", "Amount refunded", "Refund issued"), or a
//                row labelled by one ("Refund to your Visa", "**Refund total**", "Refunded"), or the
//                "Amount" (or unheaded) column of a table about a refund (its intro line, another header
//                or a row label says "refund": "| Refund method | Amount |");
//   price      — a column or a row headed by a price word (Price, Total, Total paid, Cost, Fee, Order…);
//   parts      — in a table about a refund that has a refund row, the other rows of that column
//                (the items the refund is made of); sure when they add up to the refund row or each
//                equal it ("| Kettle | $72 |" over "| Refunded | $72 |"), uncertain otherwise;
//   sums       — a "Total" row in a refund column: sure when it is the column's sum, uncertain
//                otherwise.
// Line breaks inside a table are walls for the words-nearby binding, so a header never binds a row.

export type TableReading = "refund" | "price" | "settled" | "open";

interface TableReadings {
  /** How each amount that fills a table cell by itself reads (by token index). */
  amounts: Map<number, TableReading>;
  /** Token indices of the line breaks that start or end a table row. */
  walls: Set<number>;
}

const PRICE_WORDS = wordSet(
  "price prices total totals subtotal cost costs paid fee fees charge charged charges balance spent order orders purchase",
);
/** Words of an intro line that leave the table about no refund: refused, asked for, pending. */
const NOT_A_REFUND = new Set([...NEGATION_CUES, "no", "not", "request", "requested", "pending", "review"]);
/** Headings of a column that holds amounts and says no more: in a table about a refund, the refund. */
const AMOUNT_HEADINGS = new Set(["amount", "amounts", "sum", "value", "usd", "eur", "gbp"]);
const SUM_WORDS = new Set(["total", "subtotal", "sum"]);
/** A separator row of Markdown ("|---|:---:|") holds no word and no amount. */
const isSeparator = (cells: Cell[]) => cells.every((c) => c.words.length === 0 && c.amounts.length === 0);

interface Cell {
  words: string[];
  amounts: number[];
}

interface Row {
  cells: Cell[];
  /** The newline token ending the row (or -1 at the end of the reply). */
  end: number;
  start: number;
}

/** The reply split into lines: [first token, index of the newline ending it (tokens.length at the end)]. */
function linesOf(tokens: readonly MoneyToken[]): [number, number][] {
  const lines: [number, number][] = [];
  let start = 0;
  for (let k = 0; k <= tokens.length; k += 1) {
    if (k === tokens.length || tokens[k]?.kind === "newline") {
      lines.push([start, k]);
      start = k + 1;
    }
  }
  return lines;
}

/** A line as table cells, or null when it is not a table row (fewer than two walls, or one wall in the middle). */
function rowOf(tokens: readonly MoneyToken[], [start, end]: [number, number]): Row | null {
  let walls = 0;
  for (let k = start; k < end; k += 1) if (tokens[k]?.kind === "cell") walls += 1;
  if (walls < 2) return null;
  const cells: Cell[] = [{ words: [], amounts: [] }];
  for (let k = start; k < end; k += 1) {
    const t = tokens[k];
    const cell = cells[cells.length - 1] as Cell;
    if (t?.kind === "cell") cells.push({ words: [], amounts: [] });
    else if (t?.kind === "word") cell.words.push(t.text);
    else if (t?.kind === "amount") cell.amounts.push(k);
  }
  const firstToken = tokens.slice(start, end).find((t) => t.kind !== "mark");
  const lastToken = [...tokens.slice(start, end)].reverse().find((t) => t.kind !== "mark");
  if (firstToken?.kind === "cell") cells.shift();
  if (lastToken?.kind === "cell") cells.pop();
  return { cells, start, end };
}

const amountOf = (tokens: readonly MoneyToken[], at: number) => {
  const t = tokens[at];
  return t?.kind === "amount" ? t.claim.amount : 0;
};
const sameCents = (a: number, b: number) => Math.abs(a - b) < 0.005;

/** The readings of every table in the reply (above). `isContext` tells the money variable's context words. */
export function readTables(tokens: readonly MoneyToken[], isContext: (word: string) => boolean): TableReadings {
  const amounts = new Map<number, TableReading>();
  const walls = new Set<number>();
  const lines = linesOf(tokens);
  let block: Row[] = [];
  let intro: string[] = [];
  let lastWords: string[] = [];
  const flush = () => {
    if (block.length >= 2) readTable(tokens, block, intro, isContext, amounts, walls);
    block = [];
  };
  for (const line of lines) {
    const row = rowOf(tokens, line);
    if (row) {
      if (block.length === 0) intro = lastWords;
      block.push(row);
      continue;
    }
    flush();
    const words = tokens.slice(line[0], line[1]).flatMap((t) => (t.kind === "word" ? [t.text] : []));
    // A blank line between an intro and its table is common ("Your refund:\n\n| Amount |").
    if (line[1] > line[0]) lastWords = words;
  }
  flush();
  return { amounts, walls };
}

function readTable(
  tokens: readonly MoneyToken[],
  rows: Row[],
  intro: string[],
  isContext: (word: string) => boolean,
  out: Map<number, TableReading>,
  walls: Set<number>,
): void {
  for (const row of rows) {
    walls.add(row.end);
    walls.add(row.start - 1);
  }
  const header = rows.length > 1 && isSeparator(rows[1]?.cells ?? []) ? rows[0] : undefined;
  const data = rows.filter((r, i) => !(header && i <= 1) && !isSeparator(r.cells));
  const hasContext = (words: string[]) => words.some(isContext);
  // About a refund: its intro line (unless it refuses or only asks: "I can't refund this order:"), a
  // header or a row label says so.
  const aboutRefund =
    (hasContext(intro) && !intro.some((w) => NOT_A_REFUND.has(w))) ||
    (header?.cells.some((c) => hasContext(c.words)) ?? false) ||
    data.some((r) => r.cells.some((c) => c.amounts.length === 0 && hasContext(c.words)));
  // Row by row and cell by cell, the label's words summed as they come: linear in the table's cells
  // however its rows are shaped.
  const columns = new Map<number, Column & { heading: Label }>();
  const columnOf = (c: number) => {
    let column = columns.get(c);
    if (!column) {
      column = {
        refunds: [],
        sums: [],
        parts: [],
        pricedParts: [],
        heading: labelOf(header?.cells[c]?.words ?? [], isContext),
      };
      columns.set(c, column);
    }
    return column;
  };
  for (const row of data) {
    const label: Label = { context: false, price: false, sum: false, undone: false, plain: true };
    row.cells.forEach((cell, c) => {
      const at = cell.amounts[0];
      if (at !== undefined && cell.amounts.length === 1 && cell.words.length === 0)
        readCell(at, label, columnOf(c), aboutRefund, out);
      const words = labelOf(cell.words, isContext);
      label.context ||= words.context;
      label.price ||= words.price;
      label.sum ||= words.sum;
      label.undone ||= words.undone;
    });
  }
  for (const column of columns.values()) settle(tokens, column, out);
}

/** What the words of a label or a heading say. */
interface Label {
  context: boolean;
  price: boolean;
  sum: boolean;
  /** Pending, asked for or refused. */
  undone: boolean;
  /** Nothing but "Amount" and the like (or no words): a heading that says no more. */
  plain: boolean;
}

function labelOf(words: readonly string[], isContext: (word: string) => boolean): Label {
  return {
    context: words.some(isContext),
    price: words.some((w) => PRICE_WORDS.has(w)),
    sum: words.some((w) => SUM_WORDS.has(w)),
    undone: words.some((w) => NOT_A_REFUND.has(w)),
    plain: words.every((w) => AMOUNT_HEADINGS.has(w)),
  };
}

/** Where the amount at `at`, alone in its cell, goes: by its column's heading and its row's label (the cells before it). */
function readCell(
  at: number,
  label: Label,
  column: Column & { heading: Label },
  aboutRefund: boolean,
  out: Map<number, TableReading>,
): void {
  const { heading } = column;
  // "| Refund (pending) | $75 |", "| Refund requested | $75 |": no refund done.
  if ((label.undone || heading.undone) && (label.context || heading.context)) {
    out.set(at, "open");
    return;
  }
  const refundColumn = heading.context;
  const priceColumn = !refundColumn && heading.price;
  const refundRow = label.context;
  const priceRow = !refundRow && label.price;
  if (priceColumn) out.set(at, "price");
  else if (refundColumn && priceRow && label.sum) column.sums.push(at);
  else if (refundColumn && priceRow) out.set(at, "price");
  else if (refundColumn || refundRow) column.refunds.push(at);
  else if (priceRow) column.pricedParts.push(at);
  else if (aboutRefund && heading.plain) column.parts.push(at);
}

interface Column {
  /** Amounts in a refund column or a refund row. */
  refunds: number[];
  /** A "Total" row of a refund column. */
  sums: number[];
  /** Other rows of a table about a refund: plain ones, and ones labelled by a price word ("Item price"). */
  parts: number[];
  pricedParts: number[];
}

/** The refunds of a column bind; its sums and parts are settled when they add up to them, open otherwise. */
function settle(
  tokens: readonly MoneyToken[],
  { refunds, sums, parts, pricedParts }: Column,
  out: Map<number, TableReading>,
): void {
  for (const at of pricedParts) out.set(at, "price");
  if (refunds.length === 0) {
    // No refund row: the one amount of the "Amount" column of a table about a refund is the refund;
    // several ("| Kettle | $75 |", "| Lid | $12.50 |" under "your order and refund status") may be
    // items, each refunded or none: uncertain.
    const alone = parts.length + sums.length === 1;
    for (const at of [...parts, ...sums]) out.set(at, alone ? "refund" : "open");
    return;
  }
  for (const at of refunds) out.set(at, "refund");
  const refundValues = refunds.map((at) => amountOf(tokens, at));
  const refundSum = refundValues.reduce((s, v) => s + v, 0);
  const partSum = [...parts, ...pricedParts].reduce((s, at) => s + amountOf(tokens, at), 0);
  for (const at of sums) out.set(at, sameCents(amountOf(tokens, at), refundSum) ? "settled" : "open");
  for (const at of parts) {
    const value = amountOf(tokens, at);
    const settled = refundValues.some((r) => sameCents(r, partSum) || sameCents(r, value));
    out.set(at, settled ? "settled" : "open");
  }
}
