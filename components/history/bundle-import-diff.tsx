import type { BundleImportedPayload } from "@/lib/versioning/config-change-payload";

const ENTITY_LABELS: Record<string, string> = {
  profile_fields: "Profile fields",
  variables: "Response variables",
  tools: "Tools",
  scenarios: "Scenarios",
  rules: "Rules",
};

/**
 * What a bundle import changed, by key and field path (import-bundle.ts keeps names, not values, for
 * a whole configuration): "+ added", "− removed", "~ changed (fields)".
 */
export function BundleImportDiff({ diff }: { diff: BundleImportedPayload["diff"] }) {
  if (diff === null) {
    return <p className="text-muted-foreground text-xs">No diff: the previous configuration could not be read back.</p>;
  }
  const lines: { label: string; parts: string[] }[] = [];
  for (const [entity, change] of Object.entries(diff)) {
    if (Array.isArray(change)) {
      if (change.length > 0) lines.push({ label: "Agent", parts: change.map((path) => `~ ${path}`) });
      continue;
    }
    const parts = [
      ...change.added.map((key) => `+ ${key}`),
      ...change.removed.map((key) => `− ${key}`),
      ...Object.entries(change.changed).map(([key, paths]) => `~ ${key} (${paths.join(", ")})`),
    ];
    if (parts.length > 0) lines.push({ label: ENTITY_LABELS[entity] ?? entity, parts });
  }
  if (lines.length === 0) return <p className="text-muted-foreground text-xs">The same configuration as before.</p>;
  return (
    <dl className="grid grid-cols-[10rem_1fr] gap-x-3 gap-y-1 text-xs">
      {lines.map((line) => (
        <div key={line.label} className="contents">
          <dt className="text-muted-foreground">{line.label}</dt>
          <dd className="font-mono">{line.parts.join(" · ")}</dd>
        </div>
      ))}
    </dl>
  );
}
