"use client";

import { Plus } from "lucide-react";
import { useRouter } from "next/navigation";
import { startTransition, useTransition } from "react";
import { Button } from "@/components/ui/button";
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
}

/** Starts a fresh sandbox session (its own empty profile) and opens it; the old one stays in the picker. */
export function StartSessionButton({
  agentKey,
  label,
  testId,
  variant = "outline",
  continuityEnabled = null,
}: StartSessionButtonProps) {
  const router = useRouter();
  const [pending, startStart] = useTransition();

  function start() {
    startStart(async () => {
      const result = await startSandboxSessionAction({ agentKey, continuityEnabled }).catch(() => null);
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
      title="Start a new, empty session with the same continuity choice; earlier sessions stay in the picker"
    >
      {pending ? null : <Plus aria-hidden="true" />}
      {label}
    </Button>
  );
}
