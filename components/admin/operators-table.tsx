"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { NativeSelect, ValueOptions } from "@/components/ui/select";
import { Table, TableBody, TableCell, TableHeadings, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toaster";
import { changeOperatorRoleAction } from "@/lib/actions/operators/change-operator-role";
import { setOperatorDisabledAction } from "@/lib/actions/operators/set-operator-disabled";
import { ROLES, type Role } from "@/lib/identity/roles";

export interface OperatorListItem {
  id: string;
  email: string;
  name: string;
  role: string;
  disabled: boolean;
  activeSessions: number;
}

export function OperatorsTable({ operators, selfId }: { operators: OperatorListItem[]; selfId: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  function run(label: string, call: () => Promise<{ ok: boolean; message?: string }>) {
    startTransition(async () => {
      const result = await call();
      if (result.ok) {
        toast.success(label);
        router.refresh();
      } else toast.error(result.message ?? "Failed");
    });
  }

  return (
    <Table aria-busy={pending}>
      <TableHeadings labels={["Email", "Name", "Role", "Status", { label: "Sessions", numeric: true }]} actions />
      <TableBody>
        {operators.map((op) => (
          <TableRow key={op.id} data-testid={`operator-${op.email}`}>
            <TableCell className="font-medium">
              {op.email}
              {op.id === selfId ? <span className="ml-1 text-xs text-muted-foreground">(you)</span> : null}
            </TableCell>
            <TableCell>{op.name}</TableCell>
            <TableCell>
              <label className="sr-only" htmlFor={`role-${op.id}`}>
                Role of {op.email}
              </label>
              <NativeSelect
                id={`role-${op.id}`}
                value={op.role}
                disabled={pending}
                onChange={(event) => {
                  const role = event.target.value as Role;
                  run(`${op.email} is now ${role}.`, () => changeOperatorRoleAction({ operatorId: op.id, role }));
                }}
              >
                <ValueOptions values={ROLES} />
              </NativeSelect>
            </TableCell>
            <TableCell>
              {op.disabled ? <Badge variant="danger">disabled</Badge> : <Badge variant="success">active</Badge>}
            </TableCell>
            <TableCell className="text-right tabular-nums">{op.activeSessions}</TableCell>
            <TableCell className="text-right">
              {op.id === selfId ? null : (
                <Button
                  size="sm"
                  variant={op.disabled ? "outline" : "destructive"}
                  disabled={pending}
                  onClick={() =>
                    run(op.disabled ? `${op.email} enabled.` : `${op.email} disabled; their sessions ended.`, () =>
                      setOperatorDisabledAction({ operatorId: op.id, disabled: !op.disabled }),
                    )
                  }
                >
                  {op.disabled ? "Enable" : "Disable"}
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
