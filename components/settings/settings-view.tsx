import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Mono } from "@/components/ui/mono";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { AgentSettings } from "@/lib/engine/contracts/agent-settings";
import { SECTION_DESCRIPTIONS, settingDescription } from "@/lib/settings/setting-descriptions";
import { SettingLabel } from "./setting-label";
import { SETTINGS_SECTIONS } from "./settings-sections";

const show = (value: unknown) => JSON.stringify(value);

/** Every setting for a viewer: the value in force, its default, and whether this agent overrides it. */
export function SettingsView({ settings }: { settings: AgentSettings }) {
  return (
    <div className="space-y-4">
      {SETTINGS_SECTIONS.map((section) => {
        const values = settings[section.key] as Record<string, unknown>;
        return (
          <Card key={section.key}>
            <CardHeader>
              <CardTitle>{section.title}</CardTitle>
              <CardDescription>{SECTION_DESCRIPTIONS[section.key]}</CardDescription>
            </CardHeader>
            <CardContent>
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Setting</TableHead>
                    <TableHead>In force</TableHead>
                    <TableHead>Default</TableHead>
                    <TableHead>
                      <span className="sr-only">Overridden</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {Object.entries(section.defaults).map(([name, fallback]) => {
                    const value = values[name];
                    const overridden = show(value) !== show(fallback);
                    return (
                      <TableRow key={name}>
                        <TableCell className="max-w-sm">
                          <SettingLabel
                            path={`${section.key}.${name}`}
                            about={settingDescription(`${section.key}.${name}`)}
                          />
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
                  })}
                </TableBody>
              </Table>
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}
