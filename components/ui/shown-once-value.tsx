import { CopyButton } from "./copy-button";

/** A value the server shows once (an API key, a webhook's signing secret), with its copy button. */
export function ShownOnceValue({ value, label, testId }: { value: string; label: string; testId: string }) {
  return (
    <div className="flex items-center gap-2 rounded-md border border-border bg-muted p-2">
      <code className="flex-1 break-all font-mono text-xs" data-testid={testId}>
        {value}
      </code>
      <CopyButton value={value} label={label} />
    </div>
  );
}
