"use client";

import { RotateCcw } from "lucide-react";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { PageSaveAlerts } from "@/components/config-editor/page-save-alerts";
import { usePageSave } from "@/components/config-editor/use-page-save";
import { useUnsavedChangesGuard } from "@/components/config-editor/use-unsaved-changes-guard";
import { ImpactPreviewControl } from "@/components/impact-preview/impact-preview-control";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Mono } from "@/components/ui/mono";
import { submitWithoutReload } from "@/components/ui/submit-keeping-values";
import { TableCell, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toaster";
import { updateAgentSettingsAction } from "@/lib/actions/settings/update-agent-settings";
import { settingDescription } from "@/lib/settings/setting-descriptions";
import {
  overridesFromStored,
  type SettingsOverrides,
  settingKind,
  settingsFromOverrides,
  settingText,
} from "@/lib/settings/settings-form-state";
import { SettingControl } from "./setting-control";
import { SettingLabel } from "./setting-label";
import { SettingsSectionCards } from "./settings-section-cards";

interface SettingsEditorProps {
  agent: { key: string; name: string; configVersion: number };
  /** The keys this agent sets; every other key is at its default. */
  stored: Record<string, unknown>;
}

const canonical = (overrides: SettingsOverrides) => JSON.stringify(Object.entries(overrides).sort());

/** Every config (routing, enforcement, loops, continuity, …) with its default and a reset; one save = one config version. */
export function SettingsEditor({ agent, stored }: SettingsEditorProps) {
  const router = useRouter();
  const initial = useMemo(() => overridesFromStored(stored), [stored]);
  const [overrides, setOverrides] = useState(initial);
  const page = usePageSave({
    agent,
    draft: (expectedVersion) => {
      const converted = settingsFromOverrides(overrides);
      if (!converted.ok) return { blocked: "Some settings need attention.", fieldErrors: converted.fieldErrors };
      const input = { agent_key: agent.key, expected_config_version: expectedVersion, settings: converted.settings };
      return { edit: "updateAgentSettings" as const, input };
    },
    send: updateAgentSettingsAction,
    onSaved: (data) => {
      toast.success(data.changed ? `Settings saved · v${data.config_version}` : "No value in force changed.");
      page.setErrors({});
      page.setMessage(null);
      router.refresh();
    },
  });
  const { errors, setErrors, saving, reloading, preview, draft, save } = page;
  const dirty = canonical(overrides) !== canonical(initial);
  useUnsavedChangesGuard(dirty);

  function set(path: string, value: string | boolean | undefined) {
    setOverrides(({ [path]: _dropped, ...rest }) => (value === undefined ? rest : { ...rest, [path]: value }));
    setErrors(({ [path]: _stale, ...rest }) => rest);
  }

  return (
    // noValidate: the server's zod check gives the inline errors, with the same words as bundle import.
    <form
      noValidate
      // The save bar sticks to the top and wraps to ~3 lines (about 120 px) on a phone: rows scrolled or tabbed
      // into view stop below it. The Webhooks section below lets the last rows scroll clear of it too.
      className="space-y-4 [&_tr]:scroll-mt-36"
      aria-label="Agent settings"
      onSubmit={submitWithoutReload(save)}
    >
      <div className="sticky top-0 z-20 flex items-center gap-3 rounded-lg border border-border bg-background/95 px-3 py-2 backdrop-blur">
        <span className="text-muted-foreground text-xs">
          {Object.keys(overrides).length} set on this agent · the rest at their defaults
          {dirty ? " · unsaved changes" : ""}
        </span>
        <ImpactPreviewControl
          agentKey={agent.key}
          preview={preview}
          draft={draft}
          disabled={!dirty || reloading}
          className="ml-auto"
        />
        <Button type="submit" pending={saving} disabled={!dirty || reloading}>
          Save settings
        </Button>
      </div>
      <PageSaveAlerts page={page} />
      <SettingsSectionCards
        editable
        row={(section, key, fallback) => {
          const path = `${section.key}.${key}`;
          const overridden = Object.hasOwn(overrides, path);
          const about = settingDescription(path);
          return (
            <TableRow key={path} data-testid={`setting-${path}`}>
              <TableCell className="max-w-sm">
                <SettingLabel path={path} htmlFor={`setting-${path}`} about={about} />
              </TableCell>
              <TableCell>
                <SettingControl
                  id={`setting-${path}`}
                  label={about.label}
                  kind={settingKind(section.key, key)}
                  value={overrides[path] ?? settingText(fallback)}
                  onChange={(value) => set(path, value)}
                  invalid={errorsUnder(errors, path).length > 0}
                />
                <FieldError messages={errorsUnder(errors, path)} />
              </TableCell>
              <TableCell className="text-muted-foreground">
                <Mono>{fallback === null ? "null (forever)" : JSON.stringify(fallback)}</Mono>
              </TableCell>
              <TableCell className="text-right">
                {overridden ? (
                  <Button type="button" variant="ghost" size="sm" onClick={() => set(path, undefined)}>
                    <RotateCcw aria-hidden="true" />
                    Reset to default
                  </Button>
                ) : null}
              </TableCell>
            </TableRow>
          );
        }}
      />
    </form>
  );
}

/** A setting's messages, and those of the items inside it (`privacy.mask.1`: the second kind listed). */
function errorsUnder(errors: Record<string, string[]>, path: string): string[] {
  return Object.entries(errors).flatMap(([at, messages]) => (at === path || at.startsWith(`${path}.`) ? messages : []));
}
