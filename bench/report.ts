/** Bench output: one `name=value` line per figure (machine-readable), free-form notes after `#`. */
export class Report {
  readonly figures: Record<string, string> = {};
  figure(name: string, value: string | number): void {
    this.figures[name] = String(value);
    console.log(`${name}=${value}`);
  }
  note(text: string): void {
    console.log(`# ${text}`);
  }
}

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}
