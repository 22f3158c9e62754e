"use client";

import { useEffect, useRef } from "react";

/**
 * Copies each column's header text onto its body cells as `data-label`, which a stacked table shows
 * before the value on a phone (table.tsx). Rows that arrive later (filters, paging, a new rule) get
 * theirs too; a cell that sets its own label keeps it.
 */
export function TableStackLabels() {
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const table = marker.current?.parentElement?.querySelector(":scope > table");
    if (!table) return;
    const label = () => {
      const heads = [...table.querySelectorAll(":scope > thead > tr:last-child > th")].map(
        (th) => th.textContent?.trim() ?? "",
      );
      for (const row of table.querySelectorAll(":scope > tbody > tr")) {
        let column = 0;
        for (const cell of row.children) {
          if (!cell.hasAttribute("data-label")) cell.setAttribute("data-label", heads[column] ?? "");
          column += cell instanceof HTMLTableCellElement ? cell.colSpan : 1;
        }
      }
    };
    label();
    const observer = new MutationObserver(label);
    observer.observe(table, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return <span ref={marker} hidden />;
}
