import { cn } from "@/components/ui/cn";

// A small SVG line chart for scores in [0, 1] over rerun numbers (no chart library: the Loops pages need
// two or three series of ≤ 20 points). Thresholds are dashed lines with their value; every series is
// named in the legend (colour is never the only signal) and the numbers are in a table under "Data".

const PALETTE = {
  1: { stroke: "stroke-chart-1", fill: "fill-chart-1", swatch: "bg-chart-1" },
  3: { stroke: "stroke-chart-3", fill: "fill-chart-3", swatch: "bg-chart-3" },
  4: { stroke: "stroke-chart-4", fill: "fill-chart-4", swatch: "bg-chart-4" },
} as const;

export interface ChartSeries {
  name: string;
  color: keyof typeof PALETTE;
  points: { x: number; y: number | null }[];
}

export interface ChartThreshold {
  label: string;
  y: number;
}

const W = 320;
const H = 150;
const PAD = { left: 30, right: 34, top: 8, bottom: 20 };
const Y_TICKS = [0, 0.25, 0.5, 0.75, 1];

const rerunLabel = (x: number) => (x === 0 ? "orig" : `r${x}`);

export function LineChart({
  title,
  series,
  thresholds = [],
  testId,
}: {
  title: string;
  series: ChartSeries[];
  thresholds?: ChartThreshold[];
  testId?: string;
}) {
  const xs = [...new Set(series.flatMap((s) => s.points.map((p) => p.x)))].sort((a, b) => a - b);
  const minX = xs[0] ?? 0;
  const maxX = xs[xs.length - 1] ?? 0;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const sx = (x: number) => PAD.left + (maxX === minX ? plotW / 2 : ((x - minX) / (maxX - minX)) * plotW);
  const sy = (y: number) => PAD.top + (1 - Math.min(1, Math.max(0, y))) * plotH;
  const summary = series
    .map((s) => `${s.name}: ${s.points.map((p) => (p.y === null ? "—" : p.y.toFixed(2))).join(", ")}`)
    .join("; ");

  return (
    <figure className="flex flex-col gap-2 rounded-lg border border-border p-3" data-testid={testId}>
      <figcaption className="font-medium text-sm">{title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${title}. ${summary}`} className="h-auto w-full">
        {Y_TICKS.map((y) => (
          <g key={y}>
            <line x1={PAD.left} x2={W - PAD.right} y1={sy(y)} y2={sy(y)} className="stroke-border" strokeWidth={1} />
            <text x={PAD.left - 4} y={sy(y) + 3} textAnchor="end" className="fill-muted-foreground text-[9px]">
              {y.toFixed(2)}
            </text>
          </g>
        ))}
        {xs.map((x) => (
          <text key={x} x={sx(x)} y={H - 6} textAnchor="middle" className="fill-muted-foreground text-[9px]">
            {rerunLabel(x)}
          </text>
        ))}
        {thresholds.map((t) => (
          <g key={t.label}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={sy(t.y)}
              y2={sy(t.y)}
              className="stroke-danger"
              strokeDasharray="4 3"
              strokeWidth={1}
            />
            <text x={W - PAD.right + 3} y={sy(t.y) + 3} className="fill-danger text-[9px]">
              {t.y.toFixed(2)}
            </text>
          </g>
        ))}
        {series.map((s) => {
          const known = s.points.filter((p): p is { x: number; y: number } => p.y !== null);
          return (
            <g key={s.name}>
              <polyline
                points={known.map((p) => `${sx(p.x)},${sy(p.y)}`).join(" ")}
                className={cn("fill-none", PALETTE[s.color].stroke)}
                strokeWidth={2}
              />
              {known.map((p) => (
                <circle key={p.x} cx={sx(p.x)} cy={sy(p.y)} r={3} className={PALETTE[s.color].fill}>
                  <title>{`${s.name} ${rerunLabel(p.x)}: ${p.y.toFixed(2)}`}</title>
                </circle>
              ))}
            </g>
          );
        })}
      </svg>
      <ul className="flex flex-wrap gap-x-3 gap-y-1 text-muted-foreground text-xs">
        {series.map((s) => (
          <li key={s.name} className="flex items-center gap-1">
            <span aria-hidden="true" className={cn("inline-block h-0.5 w-3", PALETTE[s.color].swatch)} />
            {s.name}
          </li>
        ))}
        {thresholds.map((t) => (
          <li key={t.label} className="flex items-center gap-1">
            <span aria-hidden="true" className="inline-block w-3 border-danger border-t border-dashed" />
            {t.label} {t.y.toFixed(2)}
          </li>
        ))}
      </ul>
      <details className="text-xs">
        <summary className="cursor-pointer text-muted-foreground">Data</summary>
        <table className="mt-1 w-full font-mono tabular-nums">
          <thead>
            <tr>
              <th scope="col" className="text-left font-normal">
                rerun
              </th>
              {series.map((s) => (
                <th key={s.name} scope="col" className="text-right font-normal">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {xs.map((x) => (
              <tr key={x}>
                <td>{rerunLabel(x)}</td>
                {series.map((s) => {
                  const y = s.points.find((p) => p.x === x)?.y ?? null;
                  return (
                    <td key={s.name} className="text-right">
                      {y === null ? "—" : y.toFixed(2)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
