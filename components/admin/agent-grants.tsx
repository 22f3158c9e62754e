"use client";

import { useRouter } from "next/navigation";
import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { InlineForm } from "@/components/ui/inline-form";
import { LabelledOptions, NativeSelect, ValueOptions } from "@/components/ui/select";
import { Table, TableBody, TableCell, TableHeadings, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toaster";
import { useActionTransition } from "@/components/ui/use-action-transition";
import { setAgentGrantAction } from "@/lib/actions/operators/set-agent-grant";
import { AGENT_ROLES } from "@/lib/identity/roles";
import { type AgentChoice, AgentOptions } from "./agent-options";

export interface AgentGrantItem {
  operatorId: string;
  agentKey: string;
  agentName: string;
  role: string;
}

interface OperatorOption {
  id: string;
  email: string;
  role: string;
}

type State = { fieldErrors?: Record<string, string[]>; message?: string; values?: Record<string, string> };

// The value of the role select that takes a grant away.
const NO_ACCESS = "";

/**
 * Users & keys → Access per agent: who reaches which agent at what role. An operator with no grant
 * has their own role on every agent; the first grant limits them to their granted agents.
 */
export function AgentGrants({
  grants,
  operators,
  agents,
}: {
  grants: AgentGrantItem[];
  operators: OperatorOption[];
  agents: AgentChoice[];
}) {
  const router = useRouter();
  const { pending: removing, run } = useActionTransition();
  const limitable = operators.filter((op) => op.role !== "admin");
  const emailOf = (id: string) => operators.find((op) => op.id === id)?.email ?? id;

  const [state, submit, pending] = useActionState(async (_prev: State, form: FormData): Promise<State> => {
    const values = Object.fromEntries(["operatorId", "agentKey", "role"].map((k) => [k, String(form.get(k) ?? "")]));
    const role = values.role === NO_ACCESS ? null : values.role;
    const result = await setAgentGrantAction({
      operatorId: values.operatorId ?? "",
      agentKey: values.agentKey ?? "",
      role,
    } as never);
    if (result.ok) {
      const who = emailOf(values.operatorId ?? "");
      toast.success(
        role ? `${who} is ${role} on ${values.agentKey}.` : `${who} has no role on ${values.agentKey} now.`,
      );
      router.refresh();
      return {};
    }
    return { fieldErrors: result.fieldErrors, message: result.message, values };
  }, {});

  function remove(grant: AgentGrantItem) {
    run(
      () => setAgentGrantAction({ operatorId: grant.operatorId, agentKey: grant.agentKey, role: null }),
      () => {
        toast.success(`${emailOf(grant.operatorId)} no longer has ${grant.agentKey}.`);
        router.refresh();
      },
    );
  }

  return (
    <div className="space-y-4">
      {grants.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="agent-grants-empty">
          No per-agent roles: every operator has their own role on every agent. Grant one below to limit an operator to
          the agents you pick.
        </p>
      ) : (
        <Table aria-busy={removing} data-testid="agent-grants">
          <TableHeadings labels={["Operator", "Agent", "Role on it"]} actions />
          <TableBody>
            {grants.map((grant) => (
              <TableRow key={`${grant.operatorId}-${grant.agentKey}`}>
                <TableCell className="font-medium">{emailOf(grant.operatorId)}</TableCell>
                <TableCell>
                  {grant.agentName} <span className="font-mono text-xs text-muted-foreground">{grant.agentKey}</span>
                </TableCell>
                <TableCell>{grant.role}</TableCell>
                <TableCell className="text-right">
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={removing}
                    aria-label={`Remove ${emailOf(grant.operatorId)}'s role on ${grant.agentKey}`}
                    onClick={() => remove(grant)}
                  >
                    Remove
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <InlineForm
        action={submit}
        label="Set a role on one agent"
        columns={4}
        message={state.message}
        submitLabel="Save access"
        pending={pending}
        submitDisabled={limitable.length === 0 || agents.length === 0}
      >
        <FormField label="Operator" htmlFor="grant-operator" errors={state.fieldErrors?.operatorId}>
          <NativeSelect id="grant-operator" name="operatorId" defaultValue={state.values?.operatorId} required>
            <LabelledOptions
              options={limitable.map((op) => ({
                value: op.id,
                label: `${op.email} (${op.role})`,
              }))}
            />
          </NativeSelect>
        </FormField>
        <FormField label="Agent" htmlFor="grant-agent" errors={state.fieldErrors?.agentKey}>
          <NativeSelect id="grant-agent" name="agentKey" defaultValue={state.values?.agentKey} required>
            <AgentOptions agents={agents} />
          </NativeSelect>
        </FormField>
        <FormField
          label="Role on this agent"
          htmlFor="grant-role"
          errors={state.fieldErrors?.role}
          hint="No access removes the grant."
        >
          <NativeSelect id="grant-role" name="role" defaultValue={state.values?.role ?? "designer"}>
            <ValueOptions values={AGENT_ROLES} />
            <option value={NO_ACCESS}>no access</option>
          </NativeSelect>
        </FormField>
      </InlineForm>
    </div>
  );
}
