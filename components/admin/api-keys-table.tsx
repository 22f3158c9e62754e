"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { ConfirmDeleteDialog } from "@/components/config-editor/confirm-delete-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Mono } from "@/components/ui/mono";
import { Table, TableBody, TableCell, TableHeadings, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toaster";
import { revokeApiKeyAction } from "@/lib/actions/api-keys/revoke-api-key";

export interface ApiKeyListItem {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  /** The agent keys it is limited to; null: every agent. */
  agents: string[] | null;
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

const short = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace("T", " ")} UTC` : "never");

export function ApiKeysTable({ keys }: { keys: ApiKeyListItem[] }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [revoking, setRevoking] = useState<ApiKeyListItem | null>(null);

  function revoke(key: ApiKeyListItem) {
    startTransition(async () => {
      const result = await revokeApiKeyAction({ apiKeyId: key.id });
      setRevoking(null);
      if (result.ok) {
        toast.success(`Revoked ${key.prefix}…`);
        router.refresh();
      } else toast.error(result.message);
    });
  }

  if (keys.length === 0) {
    return <EmptyState title="No API keys" description="Create one for each client that calls the REST API." />;
  }
  return (
    <>
      <ConfirmDeleteDialog
        open={revoking !== null}
        title={`Revoke “${revoking?.name ?? ""}”?`}
        description={`Clients using ${revoking?.prefix ?? ""}… get 401 from their next request. A revoked key cannot be restored; create a new one instead.`}
        confirmLabel="Revoke key"
        pending={pending}
        onConfirm={() => (revoking ? revoke(revoking) : undefined)}
        onCancel={() => setRevoking(null)}
      />
      <Table aria-busy={pending}>
        <TableHeadings labels={["Name", "Key", "Scopes", "Agents", "Created", "Last used", "Status"]} actions />
        <TableBody>
          {keys.map((key) => (
            <TableRow key={key.id} data-testid={`api-key-${key.name}`}>
              <TableCell className="font-medium">{key.name}</TableCell>
              <TableCell>
                <Mono>{key.prefix}…</Mono>
              </TableCell>
              <TableCell className="space-x-1">
                {key.scopes.map((scope) => (
                  <Badge key={scope} variant="neutral">
                    {scope}
                  </Badge>
                ))}
              </TableCell>
              <TableCell className="text-xs">
                {key.agents ? <Mono>{key.agents.join(", ") || "none (agents deleted)"}</Mono> : "every agent"}
              </TableCell>
              <TableCell className="text-xs text-muted-foreground">
                {short(key.createdAt)} by {key.createdBy}
              </TableCell>
              <TableCell className="text-xs text-muted-foreground">{short(key.lastUsedAt)}</TableCell>
              <TableCell>
                {key.revokedAt ? <Badge variant="danger">revoked</Badge> : <Badge variant="success">active</Badge>}
              </TableCell>
              <TableCell className="text-right">
                {key.revokedAt ? null : (
                  <Button size="sm" variant="destructive" disabled={pending} onClick={() => setRevoking(key)}>
                    Revoke
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
