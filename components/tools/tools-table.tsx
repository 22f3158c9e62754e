import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { Mono } from "@/components/ui/mono";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { ToolRow } from "@/db/schema";

export function ToolsTable({ tools }: { tools: ToolRow[] }) {
  if (tools.length === 0) {
    return <EmptyState title="No tools yet" description="Tools come with an imported bundle for now." />;
  }
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Tool</TableHead>
          <TableHead>Kind</TableHead>
          <TableHead>Input schema</TableHead>
          <TableHead>Output</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {tools.map((tool) => (
          <TableRow key={tool.id}>
            <TableCell className="max-w-xs">
              <div className="font-medium">{tool.name}</div>
              <Mono>{tool.key}</Mono>
              <div className="text-xs text-muted-foreground">{tool.description}</div>
            </TableCell>
            <TableCell>
              <Badge variant="neutral">{tool.kind}</Badge>
            </TableCell>
            <TableCell>
              <pre className="max-h-40 max-w-xs overflow-auto rounded bg-muted p-2 text-xs">
                {JSON.stringify(tool.inputSchema, null, 2)}
              </pre>
            </TableCell>
            <TableCell>
              <pre className="max-h-40 max-w-md overflow-auto rounded bg-muted p-2 text-xs">
                {JSON.stringify(tool.output, null, 2)}
              </pre>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
