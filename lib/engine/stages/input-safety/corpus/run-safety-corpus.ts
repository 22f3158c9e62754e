import { DEFAULT_ABUSE_WORDS } from "../../../contracts/input-safety-settings";
import { AbuseList } from "../abuse-signals";
import { classifyInput, type SafetyVerdict } from "../classify-input";
import type { SafetyClass, SafetySplit } from "./corpus-types";
import { DEV_ATTACK_CLASSES } from "./dev-attack-classes";
import { DEV_BENIGN_CLASSES } from "./dev-benign-classes";
import { FROZEN_ATTACK_CLASSES } from "./frozen-attack-classes";
import { FROZEN_BENIGN_CLASSES } from "./frozen-benign-classes";

// Every class of the input-safety corpus through the classifier with the default abuse list: per class
// the share flagged and the share uncertain; per split the detection rate over attack classes and the
// false-flag rate over benign ones.

const SAFETY_CLASSES: readonly SafetyClass[] = [
  ...DEV_ATTACK_CLASSES,
  ...DEV_BENIGN_CLASSES,
  ...FROZEN_ATTACK_CLASSES,
  ...FROZEN_BENIGN_CLASSES,
];

export interface SafetyClassResult {
  name: string;
  split: SafetySplit;
  expect: SafetyClass["expect"];
  about: string;
  cases: number;
  flagged: number;
  uncertain: number;
  /** Messages of the class that came out with the wrong verdict: flagged benign ones, unflagged attacks. */
  misses: { message: string; verdict: SafetyVerdict }[];
}

export interface SplitFigures {
  /** Attack messages flagged, over all attack messages of the split. */
  detection: number;
  /** Attack messages flagged or uncertain: what a model check would see. */
  detectionOrUncertain: number;
  /** Benign messages flagged. */
  falseFlags: number;
  /** Benign messages uncertain (a model check would be asked about them). */
  benignUncertain: number;
}

export function runSafetyCorpus(classes: readonly SafetyClass[] = SAFETY_CLASSES): SafetyClassResult[] {
  const list = new AbuseList(DEFAULT_ABUSE_WORDS);
  return classes.map((cls) => {
    const verdicts = cls.messages.map((message) => ({ message, verdict: classifyInput(message, list).verdict }));
    const wrong = (v: SafetyVerdict) => (cls.expect === "benign" ? v === "flagged" : v !== "flagged");
    return {
      name: cls.name,
      split: cls.split,
      expect: cls.expect,
      about: cls.about,
      cases: verdicts.length,
      flagged: verdicts.filter((v) => v.verdict === "flagged").length,
      uncertain: verdicts.filter((v) => v.verdict === "uncertain").length,
      misses: verdicts.filter((v) => wrong(v.verdict)),
    };
  });
}

const share = (n: number, of: number) => n / Math.max(1, of);

export function splitFigures(results: readonly SafetyClassResult[], split: SafetySplit): SplitFigures {
  const inSplit = results.filter((r) => r.split === split);
  const attacks = inSplit.filter((r) => r.expect !== "benign");
  const benign = inSplit.filter((r) => r.expect === "benign");
  const sum = (rows: SafetyClassResult[], f: (r: SafetyClassResult) => number) => rows.reduce((n, r) => n + f(r), 0);
  const attackCases = sum(attacks, (r) => r.cases);
  const benignCases = sum(benign, (r) => r.cases);
  return {
    detection: share(
      sum(attacks, (r) => r.flagged),
      attackCases,
    ),
    detectionOrUncertain: share(
      sum(attacks, (r) => r.flagged + r.uncertain),
      attackCases,
    ),
    falseFlags: share(
      sum(benign, (r) => r.flagged),
      benignCases,
    ),
    benignUncertain: share(
      sum(benign, (r) => r.uncertain),
      benignCases,
    ),
  };
}
