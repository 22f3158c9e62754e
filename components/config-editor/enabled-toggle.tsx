import { Badge } from "@/components/ui/badge";
import { Switch } from "@/components/ui/switch";

/** A row's enabled state: a switch for a designer (waiting while the row saves), an on/off badge for a viewer. */
export function EnabledToggle({
  entityKey,
  enabled,
  pending,
  onChange,
}: {
  entityKey: string;
  enabled: boolean;
  pending: boolean;
  /** null for a viewer. */
  onChange: ((enabled: boolean) => void) | null;
}) {
  return onChange ? (
    <Switch checked={enabled} disabled={pending} aria-label={`Enabled: ${entityKey}`} onCheckedChange={onChange} />
  ) : (
    <Badge variant={enabled ? "success" : "neutral"}>{enabled ? "on" : "off"}</Badge>
  );
}
