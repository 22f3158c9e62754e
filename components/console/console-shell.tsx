"use client";

import { Menu } from "lucide-react";
import { usePathname } from "next/navigation";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { AttentionProvider } from "./attention";
import { navGroupsFor } from "./nav-items";
import { ShortcutSheet } from "./shortcut-sheet";
import { Sidebar, type SidebarProps } from "./sidebar";

/**
 * The console's frame: a skip link, the sidebar (a drawer behind a menu button below 768 px, where a
 * fixed 224 px column would leave a phone ~166 px), the main region and the `?` shortcut sheet.
 */
export function ConsoleShell({ children, ...sidebar }: SidebarProps & { children: ReactNode }) {
  const pathname = usePathname();
  const [navOpen, setNavOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const openHelp = useCallback(() => setHelpOpen(true), []);

  // A link followed inside the drawer lands on a new page: the drawer has done its job.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setNavOpen(false), [pathname]);

  useEffect(() => {
    if (!navOpen) return;
    document.querySelector<HTMLElement>("#console-nav a, #console-nav select")?.focus();
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setNavOpen(false);
      menuButton.current?.focus();
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [navOpen]);

  const sections = navGroupsFor(sidebar.operator.role).flatMap((group) => group.items);

  return (
    <AttentionProvider initial={sidebar.counts}>
      <div className="flex h-dvh flex-col md:flex-row">
        <a
          href="#main"
          className="sr-only rounded-md bg-background px-3 py-2 font-medium text-sm shadow-lg ring-2 ring-ring focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60]"
        >
          Skip to content
        </a>
        <header className="flex items-center gap-2 border-border border-b px-2 py-1.5 md:hidden">
          <Button
            ref={menuButton}
            variant="ghost"
            size="icon"
            aria-label={navOpen ? "Close navigation" : "Open navigation"}
            aria-expanded={navOpen}
            aria-controls="console-nav"
            onClick={() => setNavOpen((open) => !open)}
          >
            <Menu aria-hidden />
          </Button>
          {/* No keyboard-shortcuts button here: this bar only shows on phones, which have no keyboard. */}
          <span className="flex-1 font-semibold text-sm tracking-tight">Focal</span>
        </header>
        {navOpen ? (
          <div className="fixed inset-0 z-40 bg-black/40 md:hidden" aria-hidden onClick={() => setNavOpen(false)} />
        ) : null}
        <Sidebar
          {...sidebar}
          id="console-nav"
          onHelp={openHelp}
          className={cn(
            "fixed inset-y-0 left-0 z-50 w-64 bg-background shadow-xl transition-transform motion-reduce:transition-none md:visible md:static md:w-56 md:translate-x-0 md:bg-muted/40 md:shadow-none",
            navOpen ? "visible translate-x-0" : "invisible -translate-x-full",
          )}
        />
        {/* relative: screen-reader-only text (position: absolute) far down a page scrolls with it; against
          the viewport it made the document scroll too, pushing the phone's top bar away. */}
        <main id="main" tabIndex={-1} className="relative min-w-0 flex-1 overflow-y-auto focus:outline-none">
          <div className="mx-auto max-w-6xl space-y-6 p-3 sm:p-4 md:p-6">{children}</div>
        </main>
        <ShortcutSheet open={helpOpen} onOpenChange={setHelpOpen} sections={sections} />
      </div>
    </AttentionProvider>
  );
}
