import type { RulesWorkspaceData } from "@/lib/rules/rules-workspace";

/** The steps a rule can be scoped to, as a select's options: one group a scenario, named by `groupLabel`. */
export function StepOptionGroups({
  groups,
  groupLabel = (scenario) => scenario,
}: {
  groups: RulesWorkspaceData["steps"];
  groupLabel?: (scenario: string) => string;
}) {
  return (
    <>
      {groups.map((group) => (
        <optgroup key={group.scenario} label={groupLabel(group.scenario)}>
          {group.options.map((step) => (
            <option key={step.ref} value={step.ref}>
              {step.label}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
