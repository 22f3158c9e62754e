/** A select's agents, each shown with its key: “Refund desk (refund-desk)”. */
export function AgentOptions({ agents }: { agents: { key: string; name: string }[] }) {
  return (
    <>
      {agents.map((agent) => (
        <option key={agent.key} value={agent.key}>
          {agent.name} ({agent.key})
        </option>
      ))}
    </>
  );
}
