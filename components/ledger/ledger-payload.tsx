"use client";

import { CopyButton } from "@/components/ui/copy-button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";

// One line of the payload fits the table; the whole of it opens in a dialog, wrapped, where nothing is
// cut off by the table's width (an inline box that scrolled both ways inside the cell hid most of it).
const SUMMARY_CHARS = 140;

interface LedgerPayloadProps {
  seq: number;
  type: string;
  payload: Record<string, unknown>;
}

export function LedgerPayload({ seq, type, payload }: LedgerPayloadProps) {
  const line = JSON.stringify(payload);
  const whole = JSON.stringify(payload, null, 2);
  return (
    <Dialog>
      <DialogTrigger
        className="block w-full cursor-pointer truncate rounded text-left font-mono text-xs hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        aria-label={`Payload of event ${seq}`}
        title="Show the whole payload"
      >
        {line.length > SUMMARY_CHARS ? `${line.slice(0, SUMMARY_CHARS)}…` : line}
      </DialogTrigger>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>
            Event {seq} · {type}
          </DialogTitle>
          <DialogDescription>The whole payload, as hashed into the chain.</DialogDescription>
        </DialogHeader>
        <div className="flex items-start gap-2">
          <pre
            className="min-w-0 flex-1 whitespace-pre-wrap break-all rounded bg-muted p-3 text-xs"
            data-testid="ledger-payload"
          >
            {whole}
          </pre>
          <CopyButton value={whole} label={`payload of event ${seq}`} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
