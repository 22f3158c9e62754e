"use client";

import { Check, Copy } from "lucide-react";
import { type MouseEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import { Button } from "./button";
import { cn } from "./cn";

const COPIED_MS = 1500;

// navigator.clipboard only exists in secure contexts; a self-hosted console is often served over
// plain http on a LAN, so fall back to the legacy selection copy.
async function writeClipboard(value: string): Promise<void> {
  if (window.isSecureContext && navigator.clipboard) {
    await navigator.clipboard.writeText(value);
    return;
  }
  const area = document.createElement("textarea");
  area.value = value;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("copy rejected");
}

export type CopyButtonProps = {
  value: string;
  /** What is copied, for the accessible name "Copy <label>". Defaults to "value". */
  label?: string;
  className?: string;
};

export function CopyButton({ value, label = "value", className }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function onClick(event: MouseEvent<HTMLButtonElement>) {
    // Copy buttons sit inside clickable table rows: copying must not also open the row.
    event.stopPropagation();
    try {
      await writeClipboard(value);
      setCopied(true);
    } catch {
      toast.error(`Could not copy ${label}`);
    }
  }

  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        aria-label={`Copy ${label}`}
        title={copied ? "Copied" : `Copy ${label}`}
        data-copied={copied || undefined}
        onClick={onClick}
        className={cn(
          "h-6 gap-1 px-1 text-muted-foreground hover:text-foreground",
          copied && "text-success",
          className,
        )}
      >
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {copied ? <span className="text-xs">Copied</span> : null}
      </Button>
      <span className="sr-only" aria-live="polite">
        {copied ? "Copied" : ""}
      </span>
    </>
  );
}
