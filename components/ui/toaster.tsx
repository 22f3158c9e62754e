"use client";

import type { CSSProperties } from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

export { toast } from "sonner";

const THEME_VARS = {
  "--normal-bg": "var(--popover)",
  "--normal-text": "var(--popover-foreground)",
  "--normal-border": "var(--border)",
} as CSSProperties;

/** Mount once in the root layout. Toasts follow the system theme; the close button is keyboard reachable. */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      theme="system"
      position="bottom-right"
      closeButton
      style={THEME_VARS}
      toastOptions={{ classNames: { toast: "font-sans text-sm", description: "text-muted-foreground" } }}
      {...props}
    />
  );
}
