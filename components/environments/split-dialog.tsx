"use client";

import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { NativeSelect, ValueOptions } from "@/components/ui/select";
import { submitKeepingValues } from "@/components/ui/submit-keeping-values";
import { splitEnvironmentAction } from "@/lib/actions/environments/split-environment";
import { MAX_SPLIT_ARMS } from "@/lib/environments/environment-schemas";
import { useEnvironmentDialog } from "./use-environment-dialog";

interface SplitDialogProps {
  agentKey: string;
  environment: string;
  versions: number[];
  /** The version served now and the latest: the usual first split, 90 % and 10 %. */
  served: number;
  latest: number;
}

/** Split…: up to five rows of version and percent; rows left at "none" are not sent. */
export function SplitDialog(props: SplitDialogProps) {
  const { open, onOpenChange, pending, errors, message, run } = useEnvironmentDialog();
  const rows = Array.from({ length: 3 }, (_, i) => i);
  const initial = [
    { version: props.served, percent: props.served === props.latest ? 100 : 90 },
    ...(props.served === props.latest ? [] : [{ version: props.latest, percent: 10 }]),
  ];

  function onSubmit(form: FormData) {
    const arms = rows.flatMap((i) => {
      const version = String(form.get(`version-${i}`) ?? "");
      if (version === "") return [];
      return [{ config_version: Number(version), percent: Number(form.get(`percent-${i}`) ?? 0) }];
    });
    run(
      () => splitEnvironmentAction({ agent_key: props.agentKey, environment: props.environment, arms }),
      () => `${props.environment} is split: ${arms.map((a) => `v${a.config_version} ${a.percent} %`).join(", ")}.`,
    );
  }

  const armErrors = Object.entries(errors).filter(([path]) => path.startsWith("arms"));
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button size="sm" variant="outline" data-testid={`split-${props.environment}-open`}>
          Split…
        </Button>
      }
      title={`Split ${props.environment} between versions`}
      description={`New sessions draw a version by customer id (the same customer always gets the same one). Whole percents adding up to 100, each version once, ${MAX_SPLIT_ARMS} at most.`}
      label={`Split ${props.environment}`}
      message={message}
      submitLabel="Start split"
      pending={pending}
      onSubmit={submitKeepingValues(onSubmit)}
    >
      <fieldset className="space-y-2">
        <legend className="font-medium text-sm">Arms</legend>
        {rows.map((i) => (
          <div key={i} className="flex items-center gap-2">
            <NativeSelect
              aria-label={`Arm ${i + 1} version`}
              name={`version-${i}`}
              defaultValue={initial[i] ? String(initial[i].version) : ""}
              className="w-32"
            >
              <option value="">none</option>
              <ValueOptions values={props.versions} label={(version) => `v${version}`} />
            </NativeSelect>
            <Input
              aria-label={`Arm ${i + 1} percent`}
              name={`percent-${i}`}
              type="number"
              min={1}
              max={99}
              defaultValue={initial[i]?.percent ?? ""}
              className="w-20"
            />
            <span className="text-muted-foreground text-sm">%</span>
          </div>
        ))}
        <FieldError
          messages={armErrors.flatMap(([path, list]) =>
            list.map((text) => (path === "arms" ? text : `${path}: ${text}`)),
          )}
        />
      </fieldset>
    </FormDialog>
  );
}
