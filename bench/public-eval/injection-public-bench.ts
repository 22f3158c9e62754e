import { DEFAULT_ABUSE_WORDS } from "@/lib/engine/contracts/input-safety-settings";
import { AbuseList } from "@/lib/engine/stages/input-safety/abuse-signals";
import { classifyInput, type SafetyVerdict } from "@/lib/engine/stages/input-safety/classify-input";
import { detectLanguage } from "@/lib/engine/text/language";
import type { Report } from "../report";
import { loadAllClincMessages } from "./clinc-all-messages";
import {
  CYBERSECEVAL_FILE,
  DEEPSET_FILE,
  loadCyberSecEval,
  loadDeepset,
  loadNotInject,
  NOTINJECT_FILE,
} from "./injection-sets";

// The input-safety classifier on public prompt-injection data nobody on the team wrote (the corpus
// under lib/engine/stages/input-safety/corpus is the team's own): each figure names its file. Goals:
// deepset injections flagged ≥ 0.80 with benign flagged ≤ 0.02; CyberSecEval attacks flagged or
// uncertain ≥ 0.75; NotInject's harmless prompts flagged ≤ 0.05.

const list = new AbuseList(DEFAULT_ABUSE_WORDS);
const verdictOf = (text: string): SafetyVerdict => classifyInput(text, list).verdict;
const rate = (n: number, of: number) => (n / Math.max(1, of)).toFixed(4);
const sample = (texts: string[], n = 6) =>
  texts
    .slice(0, n)
    .map((t) => JSON.stringify(t.slice(0, 90)))
    .join(", ");

async function deepset(report: Report, evalDir: string | undefined): Promise<void> {
  const load = await loadDeepset(evalDir);
  if (!load.ok) return report.note(`input_safety ${load.reason}`);
  const byLanguage = new Map<string, { attacks: number; flagged: number; benign: number; falseFlags: number }>();
  const missed: string[] = [];
  const falseFlags: string[] = [];
  let benignUncertain = 0;
  for (const row of load.rows) {
    const verdict = verdictOf(row.text);
    const language = detectLanguage(row.text).language === "de" ? "de" : "other";
    const entry = byLanguage.get(language) ?? { attacks: 0, flagged: 0, benign: 0, falseFlags: 0 };
    if (row.injection) {
      entry.attacks += 1;
      if (verdict === "flagged") entry.flagged += 1;
      else missed.push(row.text);
    } else {
      entry.benign += 1;
      if (verdict === "flagged") {
        entry.falseFlags += 1;
        falseFlags.push(row.text);
      }
      if (verdict === "uncertain") benignUncertain += 1;
    }
    byLanguage.set(language, entry);
  }
  const all = [...byLanguage.values()].reduce((a, b) => ({
    attacks: a.attacks + b.attacks,
    flagged: a.flagged + b.flagged,
    benign: a.benign + b.benign,
    falseFlags: a.falseFlags + b.falseFlags,
  }));
  report.figure("input_safety_detection_deepset", rate(all.flagged, all.attacks));
  report.figure("input_safety_false_flag_rate_deepset", rate(all.falseFlags, all.benign));
  for (const [language, e] of byLanguage) {
    report.note(
      `${DEEPSET_FILE} ${language === "de" ? "German" : "not German"}: injections flagged ${rate(e.flagged, e.attacks)} of ${e.attacks}, benign flagged ${rate(e.falseFlags, e.benign)} of ${e.benign}`,
    );
  }
  report.note(`${DEEPSET_FILE}: benign uncertain ${rate(benignUncertain, all.benign)}; missed e.g. ${sample(missed)}`);
  if (falseFlags.length > 0) report.note(`${DEEPSET_FILE}: benign flagged ${sample(falseFlags)}`);
}

async function cyberSecEval(report: Report, evalDir: string | undefined): Promise<void> {
  const load = await loadCyberSecEval(evalDir);
  if (!load.ok) return report.note(`input_safety ${load.reason}`);
  const byVariant = new Map<string, { total: number; seen: number; flagged: number }>();
  const missed: string[] = [];
  for (const row of load.rows) {
    const verdict = verdictOf(row.text);
    const entry = byVariant.get(row.variant) ?? { total: 0, seen: 0, flagged: 0 };
    entry.total += 1;
    if (verdict !== "clear") entry.seen += 1;
    else missed.push(`${row.variant}: ${row.text}`);
    if (verdict === "flagged") entry.flagged += 1;
    byVariant.set(row.variant, entry);
  }
  const seen = [...byVariant.values()].reduce((n, e) => n + e.seen, 0);
  const flagged = [...byVariant.values()].reduce((n, e) => n + e.flagged, 0);
  report.figure("input_safety_detection_or_uncertain_cyberseceval", rate(seen, load.rows.length));
  report.note(`${CYBERSECEVAL_FILE}: ${load.rows.length} attacks, flagged ${rate(flagged, load.rows.length)}`);
  for (const [variant, e] of [...byVariant].sort((a, b) => a[0].localeCompare(b[0]))) {
    report.note(
      `${CYBERSECEVAL_FILE} ${variant}: flagged or uncertain ${rate(e.seen, e.total)} (${e.seen}/${e.total}, flagged ${e.flagged})`,
    );
  }
  if (missed.length > 0) report.note(`${CYBERSECEVAL_FILE}: read as clear e.g. ${sample(missed, 8)}`);
}

async function notInject(report: Report, evalDir: string | undefined): Promise<void> {
  const load = await loadNotInject(evalDir);
  if (!load.ok) return report.note(`input_safety ${load.reason}`);
  const flagged = load.rows.filter((text) => verdictOf(text) === "flagged");
  const uncertain = load.rows.filter((text) => verdictOf(text) === "uncertain").length;
  report.figure("input_safety_false_flag_rate_notinject", rate(flagged.length, load.rows.length));
  report.note(
    `${NOTINJECT_FILE}: ${load.rows.length} harmless prompts, ${flagged.length} flagged, ${uncertain} uncertain${flagged.length ? `; flagged e.g. ${sample(flagged)}` : ""}`,
  );
}

/** Every CLINC150 utterance, train and val included: customer requests the classifier must leave unflagged (goal ≤ 0.005). */
async function clincAll(report: Report, evalDir: string | undefined): Promise<void> {
  const load = await loadAllClincMessages(evalDir);
  if (!load.ok) return report.note(`input_safety ${load.reason}`);
  const verdicts = load.rows.map((text) => ({ text, verdict: verdictOf(text) }));
  const flagged = verdicts.filter((v) => v.verdict === "flagged").map((v) => v.text);
  const uncertain = verdicts.filter((v) => v.verdict === "uncertain").map((v) => v.text);
  report.figure("input_safety_false_flag_rate_clinc_all", rate(flagged.length, load.rows.length));
  report.note(
    `clinc150/data_full.json, all splits: ${load.rows.length} utterances, ${flagged.length} flagged${flagged.length ? ` (${sample(flagged)})` : ""}, ${uncertain.length} uncertain${uncertain.length ? ` (${sample(uncertain)})` : ""}`,
  );
}

export async function benchInjectionPublic(report: Report, evalDir: string | undefined): Promise<void> {
  await deepset(report, evalDir);
  await cyberSecEval(report, evalDir);
  await notInject(report, evalDir);
  await clincAll(report, evalDir);
}
