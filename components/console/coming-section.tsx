import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** A section whose editor or view arrives in a later release: says what it will hold. */
export function ComingSection({ title, summary, items }: { title: string; summary: string; items: string[] }) {
  return (
    <Card data-testid="coming-section">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{summary}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
