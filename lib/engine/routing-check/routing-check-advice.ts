import { plural } from "@/lib/text/plural";
import type { RoutingCheckExample, RoutingCheckScenario } from "./routing-check-report";

// The plain-words line beside a flagged row: what the sensor did with it and what the designer can do.

/** `closest` names the scenario other than its own that scores highest on the example. */
export function exampleAdvice(row: RoutingCheckExample, own: string, closest: string): string | null {
  const closer = row.problem === "closer_to_other" ? ` It sits closer to "${closest}" than to "${own}".` : "";
  switch (row.outcome) {
    case "own":
      return closer ? `It still enters "${own}", but only just.${closer} Reword it with words only ${own} uses.` : null;
    case "other":
      return `Went to "${closest}" instead of "${own}": customers who word it like this will land there too. Reword it with words only ${own} uses, or move it to ${closest} if it belongs there.`;
    case "exit":
      return `Reads as a request to stop ("cancel", "never mind"), so the conversation would end instead of entering "${own}". Reword it.`;
    case "ambiguous":
      return `The sensor would ask a clarifying question instead of entering "${own}".${closer} Reword it so it plainly asks for this, or add more examples worded like it.`;
    default:
      return `Entered no scenario: without it, "${own}" has nothing worded like it.${closer} Add more examples worded like this one, or reword it.`;
  }
}

export function scenarioAdvice(
  problem: RoutingCheckScenario["problem"],
  examples: number,
  minimum: number,
): string | null {
  if (problem === "disabled") return "Disabled: the sensor never offers it, so its examples were not checked.";
  if (problem !== "few_examples") return null;
  const have = examples === 0 ? "No entry examples" : `Only ${plural(examples, "entry example")}`;
  return `${have}: each one is checked against the others, so add at least ${plural(minimum - examples, "more example")}, worded the way customers would say it.`;
}
