"use client";

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Kbd } from "@/components/ui/kbd";

interface ShortcutSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sections: { label: string; key: string }[];
}

const GENERAL: { keys: string[]; what: string }[] = [
  { keys: ["?"], what: "Show this list" },
  { keys: ["/"], what: "Focus the search or filter box of the page" },
  { keys: ["Esc"], what: "Close a dialog, drawer or menu" },
  { keys: ["Tab"], what: "Move to the next control; the first Tab offers “Skip to content”" },
];

/** The `?` sheet: every keyboard shortcut of the console, the section jumps taken from the sidebar. */
export function ShortcutSheet({ open, onOpenChange, sections }: ShortcutSheetProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>Shortcuts work anywhere except while you type in a field.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-6 sm:grid-cols-2">
          <section aria-labelledby="shortcuts-general">
            <h3 id="shortcuts-general" className="mb-2 font-medium text-sm">
              General
            </h3>
            <dl className="space-y-1.5 text-sm">
              {GENERAL.map((item) => (
                <div key={item.what} className="flex items-start justify-between gap-3">
                  <dt className="text-muted-foreground">{item.what}</dt>
                  <dd className="flex shrink-0 gap-1">
                    {item.keys.map((k) => (
                      <Kbd key={k}>{k}</Kbd>
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
          <section aria-labelledby="shortcuts-sections">
            <h3 id="shortcuts-sections" className="mb-2 font-medium text-sm">
              Go to (press <Kbd>g</Kbd>, then the letter)
            </h3>
            <dl className="space-y-1.5 text-sm">
              {sections.map((item) => (
                <div key={item.key} className="flex items-center justify-between gap-3">
                  <dt className="text-muted-foreground">{item.label}</dt>
                  <dd className="flex gap-1">
                    <Kbd>g</Kbd>
                    <Kbd>{item.key}</Kbd>
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        </div>
      </DialogContent>
    </Dialog>
  );
}
