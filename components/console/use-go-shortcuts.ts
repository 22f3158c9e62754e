"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";

// `g` then a letter jumps to a section; the second key must come within 1.5 s.
const CHORD_MS = 1500;

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/** `g` then a letter jumps to a section; `/` focuses the page's search; `?` calls `onHelp`. */
export function useGoShortcuts(targets: { key: string; href: string | null }[], onHelp: () => void) {
  const router = useRouter();
  // When `g` came, kept across renders: the sidebar renders again whenever a live count changes, and a
  // count that changed between `g` and the letter must not drop the chord.
  const armedAt = useRef(0);
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.metaKey || event.ctrlKey || event.altKey || isTyping(event.target)) return;
      if (event.key === "?") {
        event.preventDefault();
        onHelp();
        return;
      }
      if (event.key === "/") {
        const search = document.querySelector<HTMLElement>("[data-search]");
        if (search) {
          event.preventDefault();
          search.focus();
        }
        return;
      }
      if (event.key === "g" && !armedAt.current) {
        armedAt.current = Date.now();
        return;
      }
      if (armedAt.current && Date.now() - armedAt.current < CHORD_MS) {
        const target = targets.find((t) => t.key === event.key);
        if (target?.href) {
          event.preventDefault();
          router.push(target.href);
        }
      }
      armedAt.current = 0;
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [router, targets, onHelp]);
}
