import type { ComponentProps } from "react";
import { cn } from "./cn";
import { slotted } from "./slotted";

export const Card = slotted(
  "div",
  "card",
  "flex flex-col rounded-lg border border-border bg-card text-card-foreground",
);

export const CardHeader = slotted("div", "card-header", "flex flex-col gap-1 px-4 pt-4 pb-2 last:pb-4");

export type CardTitleProps = ComponentProps<"h3"> & { as?: "h2" | "h3" | "h4" };

export function CardTitle({ className, as: Heading = "h3", ...props }: CardTitleProps) {
  return <Heading data-slot="card-title" className={cn("font-semibold text-sm leading-5", className)} {...props} />;
}

export const CardDescription = slotted("p", "card-description", "text-muted-foreground text-sm");

export const CardContent = slotted("div", "card-content", "px-4 py-2 first:pt-4 last:pb-4");
