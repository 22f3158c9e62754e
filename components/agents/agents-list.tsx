import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { Mono } from "@/components/ui/mono";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TableBody, TableCell, TableHeadings, TableRow } from "@/components/ui/table";
// biome-ignore lint/style/noRestrictedImports: type-only import, erased from the browser bundle: the page loads this shape on the server and passes it as props
import type { listAgents } from "@/db/queries/agents";
import { AgentCreateActions } from "./agent-create-actions";

type AgentSummary = Awaited<ReturnType<typeof listAgents>>[number];

export function AgentsList({ agents }: { agents: AgentSummary[] }) {
  return (
    <>
      <PageHeader
        title="Agents"
        description="Each agent is a set of rules, scenarios and tools with its own version history."
        actions={<AgentCreateActions />}
      />
      {agents.length === 0 ? (
        <EmptyState
          title="No agents yet"
          description="Create one with New agent (empty, or a copy of the Refund desk demo), or Import bundle to load a file exported from another Focal."
        />
      ) : (
        <Table>
          <TableHeadings
            labels={[
              "Name",
              "Key",
              { label: "Rules", numeric: true },
              { label: "Scenarios", numeric: true },
              { label: "Tools", numeric: true },
              { label: "Config version", numeric: true },
              "Updated",
            ]}
          />
          <TableBody>
            {agents.map((agent) => (
              <TableRow key={agent.id}>
                <TableCell>
                  <Link className="font-medium underline-offset-2 hover:underline" href={`/agents/${agent.key}`}>
                    {agent.name}
                  </Link>
                  {agent.description ? (
                    <div className="max-w-md truncate text-xs text-muted-foreground">{agent.description}</div>
                  ) : null}
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  <Mono>{agent.key}</Mono>
                </TableCell>
                <TableCell className="text-right tabular-nums">{agent.rules}</TableCell>
                <TableCell className="text-right tabular-nums">{agent.scenarios}</TableCell>
                <TableCell className="text-right tabular-nums">{agent.tools}</TableCell>
                <TableCell className="text-right">
                  <Mono>v{agent.configVersion}</Mono>
                </TableCell>
                <TableCell className="text-xs text-muted-foreground">
                  <time dateTime={agent.updatedAt.toISOString()}>
                    {agent.updatedAt.toISOString().slice(0, 16).replace("T", " ")} UTC
                  </time>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}
