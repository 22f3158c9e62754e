import { type ChartSeries, type ChartThreshold, LineChart } from "./line-chart";

type Measure = "fatigue" | "alignment" | "drift";

interface RerunChartsProps {
  /** The two charts' titles and test ids: fatigue first, then alignment with drift. */
  charts: [{ title: string; testId: string }, { title: string; testId: string }];
  /** One row a rerun depth (0 = the original loop): each measure's value there, null where it has none. */
  rows: ({ rerun: number } & Record<Measure, number | null>)[];
  /** Where each measure stops reruns, with its label. */
  limits: Record<Measure, ChartThreshold>;
}

/** Fatigue, then alignment and drift, over rerun depth, side by side from 768 px: one loop's family or all loops. */
export function RerunCharts({ charts: [fatigue, scores], rows, limits }: RerunChartsProps) {
  const points = (measure: Measure): ChartSeries["points"] => rows.map((row) => ({ x: row.rerun, y: row[measure] }));
  return (
    <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
      <LineChart
        title={fatigue.title}
        testId={fatigue.testId}
        series={[{ name: "fatigue", color: 4, points: points("fatigue") }]}
        thresholds={[limits.fatigue]}
      />
      <LineChart
        title={scores.title}
        testId={scores.testId}
        series={[
          { name: "alignment", color: 1, points: points("alignment") },
          { name: "drift", color: 3, points: points("drift") },
        ]}
        thresholds={[limits.alignment, limits.drift]}
      />
    </div>
  );
}
