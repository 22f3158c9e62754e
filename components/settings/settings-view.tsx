import { Badge } from "@/components/ui/badge";
import { Mono } from "@/components/ui/mono";
import { TableCell, TableRow } from "@/components/ui/table";
import type { AgentSettings } from "@/lib/engine/contracts/agent-settings";
import { settingDescription } from "@/lib/settings/setting-descriptions";
import { SettingLabel } from "./setting-label";
import { SettingsSectionCards } from "./settings-section-cards";

const show = (value: unknown) => JSON.stringify(value);

/** Every setting for a viewer: the value in force, its default, and whether this agent overrides it. */
export function SettingsView({ settings }: { settings: AgentSettings }) {
  return (
    <div className="space-y-4">
      <SettingsSectionCards
        editable={false}
        row={(section, name, fallback) => {
          const value = (settings[section.key] as Record<string, unknown>)[name];
          const overridden = show(value) !== show(fallback);
          return (
            <TableRow key={name}>
              <TableCell className="max-w-sm">
                <SettingLabel path={`${section.key}.${name}`} about={settingDescription(`${section.key}.${name}`)} />
              </TableCell>
              <TableCell>
                <Mono>{show(value)}</Mono>
              </TableCell>
              <TableCell className="text-muted-foreground">
                <Mono>{show(fallback)}</Mono>
              </TableCell>
              <TableCell>{overridden ? <Badge variant="warning">overridden</Badge> : null}</TableCell>
            </TableRow>
          );
        }}
      />
    </div>
  );
}
