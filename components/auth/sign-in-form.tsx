"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { safeReturnPath } from "@/lib/identity/safe-return-path";
import { authClient } from "./auth-client";

// One message for an unknown email and a wrong password: the form must not reveal which operators exist.
const GENERIC_FAILURE = "Email or password is wrong.";

export function SignInForm({ next }: { next?: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const { error: failure } = await authClient.signIn.email({
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
    });
    setPending(false);
    if (!failure) {
      router.replace(safeReturnPath(next));
      router.refresh();
      return;
    }
    if (failure.status === 429)
      setError(failure.message ?? "Too many sign-in attempts. Wait a minute, then try again.");
    else if (failure.status === 403) setError(failure.message ?? "This operator is disabled.");
    else setError(GENERIC_FAILURE);
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      {error ? (
        <Alert variant="danger" title="Sign-in failed">
          {error}
        </Alert>
      ) : null}
      <FormField label="Email" htmlFor="email">
        <Input id="email" name="email" type="email" autoComplete="username" required autoFocus />
      </FormField>
      <FormField label="Password" htmlFor="password">
        <Input id="password" name="password" type="password" autoComplete="current-password" required />
      </FormField>
      <Button type="submit" className="w-full" pending={pending}>
        Sign in
      </Button>
    </form>
  );
}
