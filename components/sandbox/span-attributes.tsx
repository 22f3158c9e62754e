import { ATTRIBUTE_LISTS } from "./attribute-lists";
import { KeyValueTable, ValueView } from "./key-value-table";
import { inlineValue, isRecord } from "./sandbox-format";

function AttributeBlock({ name, value }: { name: string; value: unknown }) {
  const list = ATTRIBUTE_LISTS[name];
  if (list && Array.isArray(value) && value.length > 0 && value.every(isRecord)) return <>{list(value)}</>;
  if (isRecord(value) && Object.values(value).every((v) => inlineValue(v) !== undefined)) {
    return (
      <div className="space-y-1">
        <p className="font-medium font-mono text-muted-foreground text-xs">{name}</p>
        <KeyValueTable label={name} rows={Object.entries(value)} />
      </div>
    );
  }
  return (
    <div className="space-y-1">
      <p className="font-medium font-mono text-muted-foreground text-xs">{name}</p>
      <ValueView value={value} />
    </div>
  );
}

/**
 * A span's numbers, readable: scalars in one key/value table, known lists (candidates, considered
 * rules, checks, tool calls) as small tables, flat objects as nested tables, anything else as JSON.
 */
export function SpanAttributes({ attributes }: { attributes: Record<string, unknown> }) {
  const entries = Object.entries(attributes);
  if (entries.length === 0) return <p className="text-muted-foreground text-xs">No attributes recorded.</p>;
  const empty = entries.filter(([, value]) => isEmpty(value));
  const flat = entries.filter(([, value]) => !isEmpty(value) && inlineValue(value) !== undefined);
  const nested = entries.filter(([, value]) => !isEmpty(value) && inlineValue(value) === undefined);
  return (
    <div className="space-y-2">
      {flat.length || empty.length ? (
        <KeyValueTable
          label="Span attributes"
          rows={[...flat, ...empty.map(([k]): [string, unknown] => [k, "none"])]}
        />
      ) : null}
      {nested.map(([name, value]) => (
        <AttributeBlock key={name} name={name} value={value} />
      ))}
    </div>
  );
}

function isEmpty(value: unknown): boolean {
  return (Array.isArray(value) && value.length === 0) || (isRecord(value) && Object.keys(value).length === 0);
}
