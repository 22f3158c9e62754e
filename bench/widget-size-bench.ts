import { buildWidget } from "../scripts/build-widget.mjs";
import type { Report } from "./report";

// The embeddable widget's transfer size (docs/widget.md): what every host page downloads. Goal ≤ 35 KB gzipped.
export function benchWidgetSize(report: Report): void {
  const { bytes, gzipBytes } = buildWidget({ write: false });
  report.figure("widget_js_kb", (bytes / 1024).toFixed(1));
  report.figure("widget_js_gzip_kb", (gzipBytes / 1024).toFixed(1));
}
