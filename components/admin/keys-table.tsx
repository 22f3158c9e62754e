"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { ConfirmDeleteDialog } from "@/components/config-editor/confirm-delete-dialog";
import { Button } from "@/components/ui/button";
import { type Column, ColumnTable } from "@/components/ui/column-table";
import { EmptyState } from "@/components/ui/empty-state";
import { toast } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/console-api/action-result";

interface KeysTableProps<Key extends { id: string; prefix: string }> {
  keys: Key[];
  columns: Column<Key>[];
  empty: { title: string; description: string };
  /** The row's test id. */
  testId: (key: Key) => string;
  /** The name the key goes by (the revoke dialog's title). */
  nameOf: (key: Key) => string;
  /** What stops when it is revoked, given its prefix. */
  revokeEffect: (prefix: string) => string;
  revoke: (key: Key) => Promise<ActionResult<unknown>>;
  /** Whether its row offers Revoke (not once revoked); every row when omitted. */
  revocable?: (key: Key) => boolean;
  /** The Revoke button's accessible name, where “Revoke” alone would not say which. */
  revokeLabel?: (key: Key) => string;
}

/** A list of keys, one column list per kind, each row with Revoke behind a confirmation. */
export function KeysTable<Key extends { id: string; prefix: string }>(props: KeysTableProps<Key>) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [revoking, setRevoking] = useState<Key | null>(null);

  function revoke(key: Key) {
    startTransition(async () => {
      const result = await props.revoke(key);
      setRevoking(null);
      if (result.ok) {
        toast.success(`Revoked ${key.prefix}…`);
        router.refresh();
      } else toast.error(result.message);
    });
  }

  if (props.keys.length === 0) {
    return <EmptyState title={props.empty.title} description={props.empty.description} />;
  }
  return (
    <>
      <ConfirmDeleteDialog
        open={revoking !== null}
        title={`Revoke “${revoking ? props.nameOf(revoking) : ""}”?`}
        description={`${props.revokeEffect(revoking?.prefix ?? "")} A revoked key cannot be restored; create a new one instead.`}
        confirmLabel="Revoke key"
        pending={pending}
        onConfirm={() => (revoking ? revoke(revoking) : undefined)}
        onCancel={() => setRevoking(null)}
      />
      <ColumnTable
        rows={props.keys}
        columns={props.columns}
        rowKey={(key) => key.id}
        testId={props.testId}
        pending={pending}
        actions={(key) =>
          props.revocable && !props.revocable(key) ? null : (
            <Button
              size="sm"
              variant="destructive"
              disabled={pending}
              onClick={() => setRevoking(key)}
              aria-label={props.revokeLabel?.(key)}
            >
              Revoke
            </Button>
          )
        }
      />
    </>
  );
}
