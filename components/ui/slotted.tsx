import type { ComponentProps, ElementType } from "react";
import { cn } from "./cn";

/**
 * A styled element with nothing else to it: `Tag` rendered with its data-slot (what e2e specs and
 * styles find it by) and base classes, a caller's className after them so its classes win.
 */
export function slotted<T extends ElementType>(Tag: T, slot: string, base: string) {
  const Element: ElementType = Tag;
  return function Slotted({ className, ...props }: ComponentProps<T> & { className?: string }) {
    return <Element data-slot={slot} className={cn(base, className)} {...props} />;
  };
}
