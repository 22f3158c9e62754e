import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Mono } from "@/components/ui/mono";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { AgentSettings } from "@/lib/engine/contracts/agent-settings";
import { SETTINGS_SECTIONS, settingLabel } from "./settings-sections";

const show = (value: unknown) => JSON.stringify(value);

/** Every config of seeds 001/003/004: the value in force, its seed default, and whether this agent overrides it. */
export function SettingsView({ settings }: { settings: AgentSettings }) {
  return (
    <div className="space-y-4">
      {SETTINGS_SECTIONS.map((section) => {
        const values = settings[section.key] as Record<string, unknown>;
        return (
          <Card key={section.key}>
            <CardHeader>
              <CardTitle>{section.title}</CardTitle>
              <CardDescription>
                <Mono>{section.key}</Mono> · {section.source}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Setting</TableHead>
                    <TableHead>In force</TableHead>
                    <TableHead>Seed default</TableHead>
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
                        <TableCell>
                          {settingLabel(section, name) ? (
                            <span className="block font-medium">{settingLabel(section, name)?.label}</span>
                          ) : null}
                          <Mono>{name}</Mono>
                          {settingLabel(section, name) ? (
                            <p className="max-w-md text-muted-foreground text-xs">
                              {settingLabel(section, name)?.help}
                            </p>
                          ) : null}
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
