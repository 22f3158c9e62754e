import type { ComponentProps } from "react";
import { cn } from "./cn";

export function Card({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="card"
      className={cn("flex flex-col rounded-lg border border-border bg-card text-card-foreground", className)}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<"div">) {
  return (
    <div data-slot="card-header" className={cn("flex flex-col gap-1 px-4 pt-4 pb-2 last:pb-4", className)} {...props} />
  );
}

export type CardTitleProps = ComponentProps<"h3"> & { as?: "h2" | "h3" | "h4" };

export function CardTitle({ className, as: Heading = "h3", ...props }: CardTitleProps) {
  return <Heading data-slot="card-title" className={cn("font-semibold text-sm leading-5", className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<"p">) {
  return <p data-slot="card-description" className={cn("text-muted-foreground text-sm", className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="card-content" className={cn("px-4 py-2 first:pt-4 last:pb-4", className)} {...props} />;
}
