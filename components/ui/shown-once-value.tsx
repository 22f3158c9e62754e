import { Button } from "./button";
import { CopyButton } from "./copy-button";
import { DialogFooter } from "./dialog";

/** A value the server shows once (an API key, a webhook's signing secret), with its copy button. */
function ShownOnceValue({ value, label, testId }: { value: string; label: string; testId: string }) {
  return (
    <div className="flex items-center gap-2 rounded-md border border-border bg-muted p-2">
      <code className="flex-1 break-all font-mono text-xs" data-testid={testId}>
        {value}
      </code>
      <CopyButton value={value} label={label} />
    </div>
  );
}

/** A dialog's last step: the value shown once, then Done (which puts it away). */
export function ShownOnceStep(props: { value: string; label: string; testId: string; onDone: () => void }) {
  return (
    <>
      <ShownOnceValue value={props.value} label={props.label} testId={props.testId} />
      <DialogFooter>
        <Button onClick={props.onDone}>Done</Button>
      </DialogFooter>
    </>
  );
}
