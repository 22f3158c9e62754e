import type { ComponentProps, ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "./card";

type SectionCardProps = Omit<ComponentProps<"div">, "title"> & {
  title: ReactNode;
  description?: ReactNode;
  contentClassName?: string;
};

/** A page's section in a card: its h2 title, what it is for, then its content (no content area while children is null). */
export function SectionCard({ title, description, contentClassName, children, ...props }: SectionCardProps) {
  return (
    <Card {...props}>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        {description === undefined ? null : <CardDescription>{description}</CardDescription>}
      </CardHeader>
      {children == null ? null : <CardContent className={contentClassName}>{children}</CardContent>}
    </Card>
  );
}
