"use client";

import { useRouter } from "next/navigation";
import { startTransition, useActionState } from "react";
import { FormField } from "@/components/ui/form-field";
import { InlineForm } from "@/components/ui/inline-form";
import { Input } from "@/components/ui/input";
import { NativeSelect, ValueOptions } from "@/components/ui/select";
import { submitKeepingValues } from "@/components/ui/submit-keeping-values";
import { toast } from "@/components/ui/toaster";
import { createOperatorAction } from "@/lib/actions/operators/create-operator";
import { ROLES } from "@/lib/identity/roles";

type State = {
  fieldErrors?: Record<string, string[]>;
  message?: string;
  /** Operators added so far: a new key gives the next one a blank form. */
  added: number;
};

export function AddOperatorForm() {
  const router = useRouter();
  const [state, submit, pending] = useActionState(
    async (prev: State, form: FormData): Promise<State> => {
      const values = Object.fromEntries(
        ["email", "name", "role", "password"].map((k) => [k, String(form.get(k) ?? "")]),
      );
      const result = await createOperatorAction(values as never);
      if (result.ok) {
        toast.success(`Added ${values.email} as ${values.role}.`);
        router.refresh();
        return { added: prev.added + 1 };
      }
      return { fieldErrors: result.fieldErrors, message: result.message, added: prev.added };
    },
    { added: 0 },
  );

  return (
    <InlineForm
      key={state.added}
      onSubmit={submitKeepingValues((form) => startTransition(() => submit(form)))}
      label="Add operator"
      columns={5}
      message={state.message}
      submitLabel="Add operator"
      pending={pending}
    >
      <FormField label="Email" htmlFor="op-email" errors={state.fieldErrors?.email}>
        <Input id="op-email" name="email" type="email" required />
      </FormField>
      <FormField label="Name" htmlFor="op-name" errors={state.fieldErrors?.name}>
        <Input id="op-name" name="name" required />
      </FormField>
      <FormField label="Role" htmlFor="op-role" errors={state.fieldErrors?.role}>
        <NativeSelect id="op-role" name="role" defaultValue="viewer">
          <ValueOptions values={ROLES} />
        </NativeSelect>
      </FormField>
      <FormField
        label="Initial password"
        htmlFor="op-password"
        errors={state.fieldErrors?.password}
        hint="12+ characters; share it privately."
      >
        <Input id="op-password" name="password" type="password" autoComplete="new-password" required />
      </FormField>
    </InlineForm>
  );
}
