import { slotted } from "./slotted";

/**
 * Keyboard hint, e.g. <Kbd>/</Kbd> or <Kbd>g</Kbd> <Kbd>r</Kbd>. Hidden on phones and on any screen
 * driven by touch (pointer: coarse), where there is no keyboard to press it on.
 */
export const Kbd = slotted(
  "kbd",
  "kbd",
  "inline-flex h-5 max-md:hidden pointer-coarse:hidden min-w-5 items-center justify-center rounded border border-border bg-muted px-1 font-medium font-mono text-[11px] text-muted-foreground leading-none",
);
