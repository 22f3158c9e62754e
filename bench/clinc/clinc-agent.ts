import type { AgentSettingsInput } from "@/lib/engine/contracts/agent-settings";
import type { AgentSnapshot } from "@/lib/engine/contracts/snapshot";
import { snapshotFromBundle } from "@/lib/engine/testing/snapshot-from-bundle";
import type { ClincData } from "./clinc-data";

// One agent per CLINC150 domain: 15 scenarios, one per intent, each with a single open step, named
// after the intent ("freeze_account" → "Freeze account", intent label "freeze_account") and with the
// intent's first K train utterances as entry examples — what a designer would write, no more.

const humanize = (label: string) => {
  const words = label.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function clincDomainAgent(
  data: ClincData,
  domain: string,
  k: number,
  settings: AgentSettingsInput = {},
): AgentSnapshot {
  const intents = data.domains[domain] ?? [];
  const examples = new Map<string, string[]>(intents.map((intent) => [intent, []]));
  for (const [text, intent] of data.train) {
    const list = examples.get(intent);
    if (list && list.length < k) list.push(text);
  }
  return snapshotFromBundle({
    focal_bundle: 1,
    agent: { key: `clinc-${domain.replace(/_/g, "-")}`, name: `CLINC150 ${humanize(domain)}`, settings },
    scenarios: intents.map((intent) => ({
      key: intent,
      name: humanize(intent),
      intent_label: intent,
      entry_examples: examples.get(intent) ?? [],
      entry_step: "help",
      steps: [{ key: "help", name: "Help", instructions: `Help the customer: ${humanize(intent).toLowerCase()}.` }],
    })),
  });
}
