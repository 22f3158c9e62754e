import { LabelledOptions } from "@/components/ui/select";

/** An agent as the admin forms offer it: its key and display name. */
export interface AgentChoice {
  key: string;
  name: string;
}

/** A select's agents, each shown with its key: “Refund desk (refund-desk)”. */
export function AgentOptions({ agents }: { agents: AgentChoice[] }) {
  return (
    <LabelledOptions
      options={agents.map((agent) => ({
        value: agent.key,
        label: `${agent.name} (${agent.key})`,
      }))}
    />
  );
}
