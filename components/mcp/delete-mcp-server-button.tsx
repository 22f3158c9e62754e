"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { DeleteConfirmFooter } from "@/components/ui/delete-confirm-footer";
import { TitledDialog } from "@/components/ui/titled-dialog";
import { deleteMcpServer } from "@/lib/mcp/mcp-servers-client";

// Delete a registration after a confirmation. The server refuses (409) while its tools are attached
// to rules, naming them: the message is shown here, and nothing is deleted.

export function DeleteMcpServerButton({ agentKey, name }: { agentKey: string; name: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  function onDelete() {
    startTransition(async () => {
      const answer = await deleteMcpServer(agentKey, name);
      if (answer.ok) {
        setOpen(false);
        router.refresh();
      } else setRefusal(answer.message);
    });
  }

  return (
    <TitledDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setRefusal(null);
      }}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Delete MCP server ${name}`}>
          Delete
        </Button>
      }
      title={`Delete ${name}?`}
      description="Its tools stay and keep calling the server until you delete them; it can no longer be synced."
      testId="delete-mcp-server-dialog"
    >
      <DeleteConfirmFooter refusal={refusal} onKeep={() => setOpen(false)} onDelete={onDelete} pending={pending} />
    </TitledDialog>
  );
}
