"use client";

import { Plus } from "lucide-react";
import { useRouter } from "next/navigation";
import { startTransition, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { NativeSelect, ValueOptions } from "@/components/ui/select";
import { toast } from "@/components/ui/toaster";
import { startSandboxSessionAction } from "@/lib/actions/sandbox/start-sandbox-session";
import { signInHref } from "@/lib/identity/safe-return-path";
import { sandboxHref } from "./sandbox-format";

interface StartSessionButtonProps {
  agentKey: string;
  /** "New session" in the header, "Start a session" in the empty state. */
  label: string;
  /** The current session's continuity choice, carried into the new one. */
  continuityEnabled?: boolean | null;
  testId?: string;
  variant?: "default" | "outline";
  /** Where the new session may run (docs/environments.md); a selector shows when there is a choice. */
  environments?: string[];
  /** The selector's first choice: the current session's environment, else draft. */
  environment?: string | null;
}

/** Starts a fresh sandbox session (its own empty profile) and opens it; the old one stays in the picker. */
export function StartSessionButton({
  agentKey,
  label,
  testId,
  variant = "outline",
  continuityEnabled = null,
  environments = [],
  environment = null,
}: StartSessionButtonProps) {
  const router = useRouter();
  const [pending, startStart] = useTransition();
  const [chosen, setChosen] = useState(environment && environments.includes(environment) ? environment : "draft");

  function start() {
    startStart(async () => {
      const result = await startSandboxSessionAction({ agentKey, continuityEnabled, environment: chosen }).catch(
        () => null,
      );
      if (!result) {
        toast.error("Could not reach the Focal server: check the connection, then try again.");
        return;
      }
      if (!result.ok) {
        const signIn = result.code === "UNAUTHENTICATED";
        toast.error(`Could not start a session: ${result.message}`, {
          action: signIn
            ? {
                label: "Sign in again",
                onClick: () => router.push(signInHref(sandboxHref(agentKey, {}))),
              }
            : undefined,
        });
        return;
      }
      startTransition(() => router.push(sandboxHref(agentKey, { session: result.data.id })));
    });
  }

  const button = (
    <Button
      type="button"
      variant={variant}
      onClick={start}
      pending={pending}
      data-testid={testId}
      title="Start a new, empty session with the same continuity choice; earlier sessions stay in the picker"
    >
      {pending ? null : <Plus aria-hidden="true" />}
      {label}
    </Button>
  );
  if (environments.length <= 1) return button;
  return (
    <div className="flex items-center gap-2">
      <NativeSelect
        aria-label="Environment of the new session"
        title="Draft is the latest version; other environments give their pinned (or split) version"
        value={chosen}
        onChange={(event) => setChosen(event.target.value)}
        className="w-32"
        data-testid={testId ? `${testId}-environment` : undefined}
      >
        <ValueOptions values={environments} />
      </NativeSelect>
      {button}
    </div>
  );
}
