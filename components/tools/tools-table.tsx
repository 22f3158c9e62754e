"use client";

import { TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { NameAndKey } from "@/components/config-editor/name-and-key";
import { RowActions } from "@/components/config-editor/row-actions";
import { RuleLink } from "@/components/rules/rule-link";
import { Badge } from "@/components/ui/badge";
import { Mono } from "@/components/ui/mono";
import { Table, TableBody, TableCell, TableHeadings, TableRow } from "@/components/ui/table";
import type { BundleTool } from "@/lib/engine/contracts/bundle";
import type { ToolsWorkspaceData } from "@/lib/tools/tools-workspace";

interface ToolRowHandlers {
  onEdit: (tool: BundleTool) => void;
  onDuplicate: (tool: BundleTool) => void;
  onDelete: (tool: BundleTool) => void;
}

interface ToolsTableProps {
  agentKey: string;
  tools: BundleTool[];
  usedBy: ToolsWorkspaceData["usedBy"];
  hostStatus: ToolsWorkspaceData["hostStatus"];
  unconfigured: ToolsWorkspaceData["unconfigured"];
  /** null for a viewer: rows open read-only, no row actions. */
  handlers: ToolRowHandlers | null;
  onView: (tool: BundleTool) => void;
  /** The tool whose command is in flight; its buttons wait. */
  pendingKey: string | null;
}

/** The tools list: key, name, kind, inputs, output variables, the rules that run each tool. */
export function ToolsTable(props: ToolsTableProps) {
  const { agentKey, tools, usedBy, hostStatus, unconfigured, handlers, onView, pendingKey } = props;
  return (
    <Table containerClassName="max-h-[calc(100vh-12rem)]">
      <TableHeadings labels={["Tool", "Kind", "Inputs", "Output variables", "Used by rules"]} actions />
      <TableBody>
        {tools.map((tool) => {
          const pending = pendingKey === tool.key;
          const rules = usedBy[tool.key] ?? [];
          const inputs = Object.entries(tool.input_schema.properties);
          const variables = Object.entries(tool.output.variables);
          return (
            <TableRow key={tool.key} data-testid={`tool-row-${tool.key}`} aria-busy={pending || undefined}>
              <TableCell className="max-w-64 align-top">
                <NameAndKey name={tool.name} entityKey={tool.key} onOpen={() => onView(tool)} />
                {tool.description ? (
                  <div className="line-clamp-2 text-muted-foreground text-xs" title={tool.description}>
                    {tool.description}
                  </div>
                ) : null}
              </TableCell>
              <TableCell className="max-w-56 space-y-1 align-top">
                <Badge variant={tool.kind === "static" ? "neutral" : "info"}>{tool.kind}</Badge>
                {tool.kind === "http" ? (
                  <HttpSummary tool={tool} status={hostStatus[tool.key]} unconfigured={unconfigured[tool.key]} />
                ) : null}
                {tool.kind === "mcp" ? (
                  <div className="text-muted-foreground text-xs">
                    <Mono>{tool.output.tool}</Mono> on <Mono>{tool.output.server}</Mono>
                  </div>
                ) : null}
              </TableCell>
              <ListCell className="align-top text-xs" empty="none" listClassName="space-y-0.5">
                {inputs.map(([name, property]) => (
                  <li key={name}>
                    <Mono>{name}</Mono> <span className="text-muted-foreground">{property.type}</span>
                    {tool.input_schema.required.includes(name) ? (
                      <span className="text-muted-foreground"> · required</span>
                    ) : null}
                  </li>
                ))}
              </ListCell>
              <ListCell className="max-w-sm align-top text-xs" empty="none" listClassName="space-y-1">
                {variables.map(([name, path]) => (
                  <li key={name}>
                    <Mono>{name}</Mono>
                    {/* The path on its own line: paths have no spaces, so beside the name they would break mid-word. */}
                    <div className="text-muted-foreground [overflow-wrap:anywhere]">
                      <span aria-hidden="true">← </span>
                      <Mono>{path}</Mono>
                    </div>
                  </li>
                ))}
              </ListCell>
              <ListCell className="align-top text-xs" empty="no rule: never runs" listClassName="space-y-0.5">
                {rules.map((rule) => (
                  <li key={rule.key}>
                    <RuleLink agentKey={agentKey} ruleKey={rule.key} title={rule.name} />
                  </li>
                ))}
              </ListCell>
              <TableCell className="whitespace-nowrap text-right align-top">
                <RowActions entity={tool} name={tool.key} pending={pending} handlers={handlers} onView={onView} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function HttpSummary({
  tool,
  status,
  unconfigured,
}: {
  tool: Extract<BundleTool, { kind: "http" }>;
  status: ToolsWorkspaceData["hostStatus"][string] | undefined;
  /** Why the tool cannot run as configured (a credential it names is not set). */
  unconfigured: string | undefined;
}) {
  return (
    <div className="space-y-1 text-xs">
      <div className="break-all">
        <span className="font-medium">{tool.output.method}</span> <Mono>{tool.output.url}</Mono>
      </div>
      <div className="text-muted-foreground tabular-nums">
        timeout {tool.output.timeout_ms} ms · max {tool.output.max_bytes.toLocaleString("en-US")} bytes
      </div>
      {tool.output.credential ? (
        <div className="text-muted-foreground">
          credential <Mono>{tool.output.credential}</Mono>
        </div>
      ) : null}
      {unconfigured ? (
        <Badge variant="warning" title={unconfigured} data-testid={`tool-unconfigured-${tool.key}`}>
          <TriangleAlert aria-hidden="true" />
          credential not set
        </Badge>
      ) : null}
      {status && status.state !== "allowed" ? (
        <Badge variant="warning" title={status.message}>
          <TriangleAlert aria-hidden="true" />
          {status.state === "invalid" ? "invalid URL" : "host not allowed here"}
        </Badge>
      ) : null}
    </div>
  );
}

/** A cell listing what a tool has (its inputs, variables, rules), or what having none means. */
function ListCell(props: { className: string; empty: string; listClassName: string; children: ReactNode[] }) {
  return (
    <TableCell className={props.className}>
      {props.children.length === 0 ? (
        <span className="text-muted-foreground">{props.empty}</span>
      ) : (
        <ul className={props.listClassName}>{props.children}</ul>
      )}
    </TableCell>
  );
}
