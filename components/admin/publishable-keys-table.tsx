"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { ConfirmDeleteDialog } from "@/components/config-editor/confirm-delete-dialog";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Mono } from "@/components/ui/mono";
import { Table, TableBody, TableCell, TableHeadings, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toaster";
import { revokePublishableKeyAction } from "@/lib/actions/widget/revoke-publishable-key";

export interface PublishableKeyListItem {
  id: string;
  agent: string;
  label: string;
  prefix: string;
  allowedOrigins: string[];
  environments: string[];
  createdBy: string;
  createdAt: string;
}

const short = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

export function PublishableKeysTable({ keys }: { keys: PublishableKeyListItem[] }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [revoking, setRevoking] = useState<PublishableKeyListItem | null>(null);

  function revoke(key: PublishableKeyListItem) {
    startTransition(async () => {
      const result = await revokePublishableKeyAction({ agent: key.agent, id: key.id });
      setRevoking(null);
      if (result.ok) {
        toast.success(`Revoked ${key.prefix}…`);
        router.refresh();
      } else toast.error(result.message);
    });
  }

  if (keys.length === 0) {
    return (
      <EmptyState
        title="No publishable keys"
        description="Create one for each web page that embeds a chat with an agent."
      />
    );
  }
  return (
    <>
      <ConfirmDeleteDialog
        open={revoking !== null}
        title={`Revoke “${revoking?.label ?? ""}”?`}
        description={`Pages using ${revoking?.prefix ?? ""}… get 401 from their next request, and their open conversations stop. A revoked key cannot be restored; create a new one instead.`}
        confirmLabel="Revoke key"
        pending={pending}
        onConfirm={() => (revoking ? revoke(revoking) : undefined)}
        onCancel={() => setRevoking(null)}
      />
      <Table aria-busy={pending}>
        <TableHeadings labels={["Label", "Key", "Agent", "Allowed origins", "Environments", "Created"]} actions />
        <TableBody>
          {keys.map((key) => (
            <TableRow key={key.id} data-testid={`publishable-key-${key.label}`}>
              <TableCell className="font-medium">{key.label}</TableCell>
              <TableCell>
                <Mono>{key.prefix}…</Mono>
              </TableCell>
              <TableCell>
                <Mono>{key.agent}</Mono>
              </TableCell>
              <TableCell className="text-xs">
                <ul>
                  {key.allowedOrigins.map((origin) => (
                    <li key={origin}>
                      <Mono>{origin}</Mono>
                    </li>
                  ))}
                </ul>
              </TableCell>
              <TableCell className="text-xs">
                <Mono>{key.environments.join(", ")}</Mono>
              </TableCell>
              <TableCell className="text-xs text-muted-foreground">
                {short(key.createdAt)} by {key.createdBy}
              </TableCell>
              <TableCell className="text-right">
                <Button
                  size="sm"
                  variant="destructive"
                  disabled={pending}
                  onClick={() => setRevoking(key)}
                  aria-label={`Revoke ${key.label}`}
                >
                  Revoke
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
