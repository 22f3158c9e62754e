import { createElement, type FunctionComponent } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect } from "vitest";

// Console pages rendered to HTML without a browser, as the server sends them, so that a missing field
// or a broken chart fails a unit test before the e2e run.

/** The HTML a component renders with these props. */
export function renderHtml<P extends object>(component: FunctionComponent<P>, props: P): string {
  return renderToStaticMarkup(createElement(component, props));
}

/** Each text is in the HTML; a failure names the first one missing. */
export function expectShown(html: string, texts: string[]): void {
  for (const text of texts) expect(html, `shows ${text}`).toContain(text);
}
