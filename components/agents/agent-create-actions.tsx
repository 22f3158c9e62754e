"use client";

import { FileUp, Plus } from "lucide-react";
import { useState } from "react";
import { useOperatorRole } from "@/components/console/operator-role";
import { Button } from "@/components/ui/button";
import { roleAtLeast } from "@/lib/identity/roles";
import { ImportBundleDialog } from "./import-bundle-dialog";
import { NewAgentDialog } from "./new-agent-dialog";

/** New agent and Import bundle, for designers and above; a viewer sees neither. */
export function AgentCreateActions() {
  const role = useOperatorRole();
  const [dialog, setDialog] = useState<"new" | "import" | null>(null);
  if (!roleAtLeast(role, "designer")) return null;
  return (
    <>
      <Button variant="outline" onClick={() => setDialog("import")}>
        <FileUp aria-hidden />
        Import bundle
      </Button>
      <Button onClick={() => setDialog("new")}>
        <Plus aria-hidden />
        New agent
      </Button>
      {dialog === "new" ? <NewAgentDialog open onClose={() => setDialog(null)} /> : null}
      <ImportBundleDialog open={dialog === "import"} onClose={() => setDialog(null)} />
    </>
  );
}
