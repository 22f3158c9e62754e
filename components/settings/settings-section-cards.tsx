import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { SECTION_DESCRIPTIONS } from "@/lib/settings/setting-descriptions";
import { SETTINGS_SECTIONS } from "./settings-sections";

type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

interface SettingsSectionCardsProps {
  /** Edited (a Value column and a reset) or shown to a viewer (In force, and whether it is overridden). */
  editable: boolean;
  /** A setting's row (a TableRow with its key), from its section, its key in the section and its default. */
  row: (section: SettingsSection, key: string, fallback: unknown) => ReactNode;
}

/** Every settings section in display order: its title and meaning, then a table of its settings with their defaults. */
export function SettingsSectionCards({ editable, row }: SettingsSectionCardsProps) {
  return SETTINGS_SECTIONS.map((section) => (
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
              <TableHead>{editable ? "Value" : "In force"}</TableHead>
              <TableHead>Default</TableHead>
              <TableHead>
                <span className="sr-only">{editable ? "Reset" : "Overridden"}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {Object.entries(section.defaults).map(([key, fallback]) => row(section, key, fallback))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  ));
}
