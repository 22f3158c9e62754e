"use client";

import { useState } from "react";
import { ConfigPageActions } from "@/components/config-editor/page-actions";
import { useDeleteDialog } from "@/components/config-editor/use-delete-dialog";
import { usePageVersion } from "@/components/config-editor/use-page-version";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import type { BundleScenario } from "@/lib/engine/contracts/bundle";
import type { ScenariosWorkspaceData } from "@/lib/scenarios/scenarios-workspace";
import { DeleteScenarioDialog } from "./delete-scenario-dialog";
import { NewScenarioDialog } from "./new-scenario-dialog";
import { RoutingCheckPanel } from "./routing-check-panel";
import { rulesScopedTo, ScenariosList } from "./scenarios-list";
import { useScenarioCommands } from "./use-scenario-commands";

/** The Scenarios page: every scenario of the agent with its checks, and the row commands. */
export function ScenariosWorkspace({ data, canEdit }: { data: ScenariosWorkspaceData; canEdit: boolean }) {
  const { version, onSaved: setSavedVersion } = usePageVersion(data.agent.configVersion);
  const [creating, setCreating] = useState(false);
  const commands = useScenarioCommands({ agentKey: data.agent.key, version, onVersion: setSavedVersion });
  const deletion = useDeleteDialog<BundleScenario>(data.agent.key, version, commands);
  const count = data.scenarios.length;

  return (
    <>
      <PageHeader
        title="Scenarios"
        description={`${data.agent.name} · v${version} · ${count} ${count === 1 ? "scenario" : "scenarios"}: multi-step flows with sticky routing. Every save is a new version with a ledger diff.`}
        actions={
          <ConfigPageActions
            agentKey={data.agent.key}
            newLabel="New scenario"
            onNew={canEdit ? () => setCreating(true) : null}
          />
        }
      />
      {count === 0 ? (
        <EmptyState
          title="No scenarios yet"
          description={
            canEdit
              ? "Create the first one with New scenario, or import a bundle (npm run focal -- import <file>)."
              : "A designer creates scenarios here, or imports them with a bundle."
          }
        />
      ) : (
        <ScenariosList
          agentKey={data.agent.key}
          scenarios={data.scenarios}
          ruleScopes={data.ruleScopes}
          pendingKey={commands.pendingKey}
          handlers={
            canEdit
              ? {
                  onDuplicate: commands.duplicate,
                  onDelete: deletion.ask,
                  onSetEnabled: (scenario, enabled) => commands.setEnabled(scenario, enabled),
                }
              : null
          }
        />
      )}
      <RoutingCheckPanel agentKey={data.agent.key} />
      {canEdit ? (
        <NewScenarioDialog
          open={creating}
          agentKey={data.agent.key}
          version={version}
          onVersion={setSavedVersion}
          onClose={() => setCreating(false)}
        />
      ) : null}
      <DeleteScenarioDialog
        {...deletion.dialog}
        scopedRules={deletion.entity ? rulesScopedTo(deletion.entity, data.ruleScopes) : []}
      />
    </>
  );
}
