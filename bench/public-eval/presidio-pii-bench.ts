import { PrivacySettings } from "@/lib/engine/contracts/privacy-settings";
import { detectorsFor, detectPii } from "@/lib/engine/stages/privacy/detect-pii";
import type { PiiMatch } from "@/lib/engine/stages/privacy/pii-match";
import type { Report } from "../report";
import { readEvalRows } from "./read-eval-json";

// Presidio's synthetic PII set (pii/presidio-synth-dev.json, MIT): customer-service-style texts with
// character spans by kind, read through the privacy stage's detectors with the default settings.
// A span is kept from the model when every letter and digit of it is inside a masked match. A mask
// "of another kind" is one overlapping a span whose kind is not the one its label stands for (a
// PHONE over a DATE_TIME); a mask over no span at all is counted beside it.

const FILE = "pii/presidio-synth-dev.json";
/** The kinds with a goal (recall ≥ 0.95), by the placeholder label that stands for each. */
const LABEL_KIND: Readonly<Record<string, string>> = {
  CARD: "CREDIT_CARD",
  PHONE: "PHONE_NUMBER",
  EMAIL: "EMAIL_ADDRESS",
  IBAN: "IBAN_CODE",
  US_SSN: "US_SSN",
};
/** Reported without a goal: the stage has no detector for them. */
const REPORTED_ONLY = ["PERSON", "STREET_ADDRESS"];

interface Span {
  entity_type: string;
  entity_value: string;
  start_position: number;
  end_position: number;
}
interface PresidioRow {
  full_text: string;
  spans: Span[];
}

function isPresidioRow(row: unknown): row is PresidioRow {
  const r = row as PresidioRow;
  return typeof r?.full_text === "string" && Array.isArray(r.spans);
}

const ALNUM = /[\p{L}\p{N}]/u;

function kept(text: string, span: Span, matches: readonly PiiMatch[]): boolean {
  for (let at = span.start_position; at < span.end_position; at++) {
    if (!ALNUM.test(text[at] ?? "")) continue;
    if (!matches.some((m) => m.start <= at && at < m.end)) return false;
  }
  return true;
}

const overlaps = (m: PiiMatch, s: Span) => m.start < s.end_position && s.start_position < m.end;

export async function benchPresidioPii(report: Report, evalDir: string | undefined): Promise<void> {
  const load = await readEvalRows(evalDir, FILE, isPresidioRow);
  if (!load.ok) {
    report.note(`privacy presidio: ${load.reason}`);
    return;
  }
  const detectors = detectorsFor(PrivacySettings.config.parse({}));
  const spans = new Map<string, { total: number; kept: number; missed: string[] }>();
  let wrongKindTexts = 0;
  let noSpanTexts = 0;
  const wrongKind: string[] = [];
  for (const row of load.rows) {
    const matches = detectPii(row.full_text, detectors);
    for (const span of row.spans) {
      const entry = spans.get(span.entity_type) ?? { total: 0, kept: 0, missed: [] };
      entry.total += 1;
      if (kept(row.full_text, span, matches)) entry.kept += 1;
      else entry.missed.push(span.entity_value);
      spans.set(span.entity_type, entry);
    }
    const other = matches.filter((m) => row.spans.some((s) => overlaps(m, s) && s.entity_type !== LABEL_KIND[m.label]));
    if (other.length > 0) {
      wrongKindTexts += 1;
      for (const m of other) {
        const under = row.spans.find((s) => overlaps(m, s))?.entity_type;
        wrongKind.push(`${m.label} over ${under}: ${JSON.stringify(m.value)}`);
      }
    }
    if (matches.some((m) => !row.spans.some((s) => overlaps(m, s)))) noSpanTexts += 1;
  }
  for (const kind of [...Object.values(LABEL_KIND), ...REPORTED_ONLY]) {
    const entry = spans.get(kind);
    if (!entry) continue;
    const name = `privacy_recall_presidio_${kind.toLowerCase()}`;
    report.figure(name, (entry.kept / entry.total).toFixed(4));
    const missed = entry.missed.slice(0, 8).map((v) => JSON.stringify(v));
    report.note(
      `${FILE} ${kind}: ${entry.kept}/${entry.total} kept${missed.length ? `; missed ${missed.join(", ")}` : ""}`,
    );
  }
  report.figure("privacy_other_kind_mask_rate_presidio", (wrongKindTexts / load.rows.length).toFixed(4));
  report.note(
    `${FILE}: ${load.rows.length} texts, ${wrongKindTexts} with a mask over a span of another kind${wrongKind.length ? ` (${wrongKind.slice(0, 10).join("; ")})` : ""}, ${noSpanTexts} with a mask over no span`,
  );
}
