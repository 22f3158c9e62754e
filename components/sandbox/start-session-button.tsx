"use client";

import { RotateCcw } from "lucide-react";
import { useRouter } from "next/navigation";
import { startTransition, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toaster";
import { startSandboxSessionAction } from "@/lib/actions/sandbox/start-sandbox-session";
import { signInHref } from "@/lib/identity/safe-return-path";
import { sandboxHref } from "./sandbox-format";

interface StartSessionButtonProps {
  agentKey: string;
  /** "Reset" in the header, "Start a session" in the empty state. */
  label: string;
  testId?: string;
  variant?: "default" | "outline";
}

/** Starts a fresh sandbox session (its own empty profile) and opens it; the old one stays in the picker. */
export function StartSessionButton({ agentKey, label, testId, variant = "outline" }: StartSessionButtonProps) {
  const router = useRouter();
  const [pending, startStart] = useTransition();

  function start() {
    startStart(async () => {
      const result = await startSandboxSessionAction({ agentKey }).catch(() => null);
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

  return (
    <Button
      type="button"
      variant={variant}
      onClick={start}
      pending={pending}
      data-testid={testId}
      title="Start a new, empty session; earlier sessions stay in the picker"
    >
      {pending ? null : <RotateCcw aria-hidden="true" />}
      {label}
    </Button>
  );
}
