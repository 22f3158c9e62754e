"use client";

import { Plug } from "lucide-react";
import { CardListSection } from "@/components/ui/card-list-section";
import { ConfirmedDeleteButton } from "@/components/ui/confirmed-delete-button";
import { Mono } from "@/components/ui/mono";
import { Table, TableBody, TableCell, TableHeadings, TableRow } from "@/components/ui/table";
import type { McpServerBody } from "@/lib/mcp/mcp-schemas";
import { deleteMcpServer } from "@/lib/mcp/mcp-servers-client";
import { AddMcpServerDialog } from "./add-mcp-server-dialog";
import { SyncMcpServerDialog } from "./sync-mcp-server-dialog";

// Tools → MCP servers (docs/tools.md#mcp-servers): the agent's streamable-HTTP MCP servers, the
// tools imported from each, Sync (a diff to pick from, then one new version) for designers, and
// adding or deleting a server for admins (it decides where a credential is sent). A delete is refused
// (409) while the server's tools are attached to rules; the dialog shows the refusal naming them.

export function McpServersSection({
  agentKey,
  servers,
  credentialNames,
  canSync,
  canManage,
}: {
  agentKey: string;
  servers: McpServerBody[];
  credentialNames: string[];
  canSync: boolean;
  canManage: boolean;
}) {
  const add = (label: string) => (
    <AddMcpServerDialog agentKey={agentKey} credentialNames={credentialNames} label={label} />
  );
  return (
    <CardListSection
      id="mcp-servers"
      className="mt-6"
      title="MCP servers"
      description="Tools from Model Context Protocol servers: sync one to import its tools, then attach them to rules like any tool."
      add={canManage ? add("Add MCP server") : null}
      empty={
        servers.length > 0
          ? null
          : {
              icon: <Plug />,
              title: "No MCP servers yet",
              description: canManage
                ? "Add a server's streamable-HTTP URL, then Sync to pick the tools to import."
                : "An admin adds MCP servers here; designers then sync their tools.",
              action: canManage ? add("Add the first MCP server") : undefined,
            }
      }
    >
      <Table>
        <TableHeadings labels={["Name", "URL", "Credential", "Tools"]} actions={canSync || canManage} />
        <TableBody>
          {servers.map((server) => (
            <TableRow key={server.name} data-testid={`mcp-server-row-${server.name}`}>
              <TableCell>
                <Mono>{server.name}</Mono>
              </TableCell>
              <TableCell className="max-w-xs truncate text-xs">
                <Mono>{server.url}</Mono>
              </TableCell>
              <TableCell>
                {server.credential ? (
                  <Mono>{server.credential}</Mono>
                ) : (
                  <span className="text-muted-foreground">none</span>
                )}
              </TableCell>
              <TableCell className="text-xs">
                {server.tools.length === 0 ? (
                  <span className="text-muted-foreground">none yet: sync to import</span>
                ) : (
                  server.tools.map((key) => <Mono key={key}>{key} </Mono>)
                )}
              </TableCell>
              {canSync || canManage ? (
                <TableCell className="space-x-1 text-right">
                  {canSync ? <SyncMcpServerDialog agentKey={agentKey} server={server.name} /> : null}
                  {canManage ? (
                    <ConfirmedDeleteButton
                      label={`Delete MCP server ${server.name}`}
                      title={`Delete ${server.name}?`}
                      description="Its tools stay and keep calling the server until you delete them; it can no longer be synced."
                      testId="delete-mcp-server-dialog"
                      remove={() => deleteMcpServer(agentKey, server.name)}
                    />
                  ) : null}
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </CardListSection>
  );
}
