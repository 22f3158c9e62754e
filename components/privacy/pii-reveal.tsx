"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Mono } from "@/components/ui/mono";
import { placeholdersIn } from "@/lib/engine/stages/privacy/placeholder";
import { RevealPiiResponse } from "@/lib/privacy/pii-reveal-schemas";

type Shown = { kind: "value"; value: string } | { kind: "refused"; message: string } | { kind: "pending" };

/**
 * Admins only (docs/privacy.md#reveal): a button per placeholder of the turn that asks the server for
 * its real value. Each press is a ledgered reveal, so nothing is fetched until it is pressed.
 */
export function PiiReveal({ sessionId, texts }: { sessionId: string; texts: string[] }) {
  const placeholders = placeholdersIn(...texts);
  const [shown, setShown] = useState<Record<string, Shown>>({});
  if (placeholders.length === 0) return null;

  async function reveal(placeholder: string) {
    setShown((current) => ({ ...current, [placeholder]: { kind: "pending" } }));
    const response = await fetch(`/api/v1/sessions/${encodeURIComponent(sessionId)}/pii/reveal`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ placeholder }),
    });
    const body: unknown = await response.json().catch(() => null);
    const parsed = RevealPiiResponse.safeParse(body);
    const refused = (body as { error?: { message?: string } } | null)?.error?.message ?? `HTTP ${response.status}`;
    setShown((current) => ({
      ...current,
      [placeholder]: parsed.success
        ? { kind: "value", value: parsed.data.value }
        : { kind: "refused", message: refused },
    }));
  }

  return (
    <section aria-label="Masked values" className="flex flex-col gap-1 rounded-lg border border-border p-3 text-sm">
      <p className="text-muted-foreground">
        Masked before anything else read the message. Revealing a value is recorded in the ledger.
      </p>
      <ul className="flex flex-col gap-1">
        {placeholders.map((placeholder) => {
          const state = shown[placeholder];
          return (
            <li key={placeholder} className="flex flex-wrap items-center gap-2" data-testid="pii-placeholder">
              <Mono>{placeholder}</Mono>
              {state?.kind === "value" ? (
                <Mono data-testid="pii-value">{state.value}</Mono>
              ) : (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={state?.kind === "pending"}
                  onClick={() => reveal(placeholder)}
                >
                  {state?.kind === "pending" ? "Revealing…" : "Reveal"}
                </Button>
              )}
              {state?.kind === "refused" ? <span className="text-destructive">{state.message}</span> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
