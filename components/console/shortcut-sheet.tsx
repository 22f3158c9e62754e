"use client";

import type { ReactNode } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Kbd } from "@/components/ui/kbd";

interface ShortcutSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sections: { label: string; key: string }[];
}

interface Shortcut {
  keys: string[];
  what: string;
}

const GENERAL: Shortcut[] = [
  { keys: ["?"], what: "Show this list" },
  { keys: ["/"], what: "Focus the search or filter box of the page" },
  { keys: ["Esc"], what: "Close a dialog, drawer or menu" },
  { keys: ["Tab"], what: "Move to the next control; the first Tab offers “Skip to content”" },
];

/** A titled list of shortcuts: what each does, then its keys. */
function ShortcutList({ id, title, items }: { id: string; title: ReactNode; items: Shortcut[] }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-2 font-medium text-sm">
        {title}
      </h3>
      <dl className="space-y-1.5 text-sm">
        {items.map((item) => (
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
  );
}

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
          <ShortcutList id="shortcuts-general" title="General" items={GENERAL} />
          <ShortcutList
            id="shortcuts-sections"
            title={
              <>
                Go to (press <Kbd>g</Kbd>, then the letter)
              </>
            }
            items={sections.map((section) => ({ keys: ["g", section.key], what: section.label }))}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
