import type { JudgeOutput, JudgeRequest } from "@/lib/engine/contracts/model";
import { conflictVerdict } from "@/lib/engine/stages/enforcement/conflict-verdict";
import { fold } from "./text";

// The offline lane-2 judge plays the PESSIMIST judge role: it looks for the tone failures a customer would
// complain about — blame, sarcasm, dismissiveness, insults, lecturing, shouting — whatever the rule,
// and fails the reply on any of them. A reply without them passes. When the rule asks to acknowledge
// the customer and a reply that limits or declines does not, the reply still passes but scores 0.75
// instead of 0.95, so the loop guardrails see a weaker alignment without a needless regeneration.

interface Marker {
  tag: string;
  /** How the reason names the failure. */
  says: string;
  patterns: RegExp[];
}

const MARKERS: Marker[] = [
  {
    tag: "tone:blame",
    says: "blames the customer",
    patterns: [
      /\byour (?:own )?fault\b/,
      /\bthat'?s on you\b/,
      /\bblame yourself\b/,
      /\byou (?:messed|screwed) (?:it|this|that) up\b/,
      /\byou failed to\b/,
      /\bbecause you (?:didn'?t|did not|never)\b/,
    ],
  },
  {
    tag: "tone:sarcasm",
    says: "is sarcastic",
    patterns: [
      /\bobviously\b/,
      /\bclearly you\b/,
      /\bas i (?:already |just )?(?:said|told you|explained|mentioned)\b/,
      /\bgood luck with that\b/,
      /\bnice try\b/,
      /\bwow,? just wow\b/,
      /\bas anyone can see\b/,
      /\bshocking,? i know\b/,
    ],
  },
  {
    tag: "tone:dismissive",
    says: "is dismissive",
    patterns: [
      /\bcalm down\b/,
      /(?:^|[.!?]\s+)whatever\b/,
      /\bwhatever\s*[.!]/,
      /\bnot my problem\b/,
      /\bdeal with it\b/,
      /\bi don'?t care\b/,
      /\bstop complaining\b/,
      /\bget over it\b/,
      /\bthat'?s just how it is\b/,
    ],
  },
  {
    tag: "tone:insult",
    says: "insults the customer",
    patterns: [
      /\bstupid\b/,
      /\bidiot\w*\b/,
      /\bdumb\b/,
      /\bmoron\w*\b/,
      /\bincompetent\b/,
      /\bpathetic\b/,
      /\bignorant\b/,
    ],
  },
  {
    tag: "tone:lecturing",
    says: "lectures the customer",
    patterns: [
      /\byou should have\b/,
      /\byou need to learn\b/,
      /\bnext time,? (?:read|pay attention|be more careful)\b/,
      /\bif you had (?:read|bothered|paid attention)\b/,
      /\bit'?s common sense\b/,
    ],
  },
];

/** Acronyms that are not shouting. */
const ACRONYMS = new Set([
  "VIP",
  "USD",
  "EUR",
  "GBP",
  "FAQ",
  "API",
  "URL",
  "SKU",
  "ETA",
  "PDF",
  "ID",
  "OK",
  "UK",
  "USA",
  "EU",
]);

const ACKNOWLEDGES =
  /\b(?:sorry|apologi[sz]e|understand|frustrat\w*|i hear you|thank you for your patience|that must)\b/;
const LIMITS = /\b(?:can'?t|cannot|unable|not able|only|at most|up to|specialist|review|decline|not possible)\b/;

function shouting(response: string): string | null {
  const capsWords = (response.match(/\b[A-Z]{3,}\b/g) ?? []).filter((w) => !ACRONYMS.has(w));
  if (capsWords.length >= 2) return capsWords.slice(0, 3).join(" ");
  const bangs = /!{3,}/.exec(response);
  return bangs ? bangs[0] : null;
}

export function offlineJudge(request: JudgeRequest): JudgeOutput {
  // A lane-1 rule whose claim and text disagree: the facts decide, not the tone.
  if (request.conflict) return conflictVerdict(request.conflict);
  const text = fold(request.response);
  const found: { marker: Marker; evidence: string }[] = [];
  for (const marker of MARKERS) {
    for (const pattern of marker.patterns) {
      const hit = pattern.exec(text);
      if (hit) {
        found.push({ marker, evidence: hit[0] });
        break;
      }
    }
  }
  const shout = shouting(request.response);
  if (shout) found.push({ marker: { tag: "tone:shouting", says: "shouts", patterns: [] }, evidence: shout });

  if (found.length > 0) {
    const says = found.map((f) => f.marker.says);
    const list = says.length > 1 ? `${says.slice(0, -1).join(", ")} and ${says[says.length - 1]}` : (says[0] ?? "");
    const evidence = found.map((f) => `"${f.evidence}"`).join(", ");
    return {
      passed: false,
      score: Math.max(0, 0.4 - 0.1 * (found.length - 1)),
      reason: `The reply ${list} (${evidence}); the rule "${request.rule.name}" asks: ${request.rule.actionText}`,
      bias_tags: [...new Set(found.map((f) => f.marker.tag))].sort(),
    };
  }

  const wantsAcknowledgement = /\backnowledge\b|\bapologi[sz]e\b|\bempath/i.test(request.rule.actionText);
  if (wantsAcknowledgement && LIMITS.test(text) && !ACKNOWLEDGES.test(text)) {
    return {
      passed: true,
      score: 0.75,
      reason: "Polite, but it limits or declines without acknowledging the customer first.",
      bias_tags: [],
    };
  }
  return {
    passed: true,
    score: 0.95,
    reason: "No blame, sarcasm, dismissiveness, insults, lecturing or shouting found.",
    bias_tags: [],
  };
}
