"use client";

import { RotateCcw } from "lucide-react";
import { useRouter } from "next/navigation";
import { useMemo, useState, useTransition } from "react";
import { ConflictAlert } from "@/components/config-editor/conflict-alert";
import { TestsGateAlert } from "@/components/config-editor/tests-gate-alert";
import { type ForceTests, useTestsGate } from "@/components/config-editor/use-tests-gate";
import { useUnsavedChangesGuard } from "@/components/config-editor/use-unsaved-changes-guard";
import { ImpactPreviewControl } from "@/components/impact-preview/impact-preview-control";
import { useImpactPreview } from "@/components/impact-preview/use-impact-preview";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Mono } from "@/components/ui/mono";
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
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  // The version this form was loaded on; after "reload, keep my edits" the one the page shows now.
  const [loadedVersion, setLoadedVersion] = useState(agent.configVersion);
  const [rebased, setRebased] = useState(false);
  const [saving, startSave] = useTransition();
  const gate = useTestsGate();
  const [reloading, startReload] = useTransition();
  const dirty = canonical(overrides) !== canonical(initial);
  useUnsavedChangesGuard(dirty);
  const expectedVersion = rebased ? agent.configVersion : loadedVersion;

  function set(path: string, value: string | boolean | undefined) {
    setOverrides(({ [path]: _dropped, ...rest }) => (value === undefined ? rest : { ...rest, [path]: value }));
    setErrors(({ [path]: _stale, ...rest }) => rest);
  }

  const preview = useImpactPreview(agent.key, (fieldErrors, text) => {
    setErrors(fieldErrors);
    setMessage(text);
  });

  /** Save's input for this form, the same for Save and for its impact preview; null when a value does not convert. */
  function draft() {
    const converted = settingsFromOverrides(overrides);
    if (!converted.ok) {
      setErrors(converted.fieldErrors);
      setMessage("Some settings need attention.");
      return null;
    }
    const input = { agent_key: agent.key, expected_config_version: expectedVersion, settings: converted.settings };
    return { edit: "updateAgentSettings" as const, input };
  }

  function save(force: ForceTests = {}) {
    const request = draft();
    if (!request) return;
    startSave(async () => {
      const result = await updateAgentSettingsAction({ ...preview.stamped(request.input), ...force });
      if (gate.settle(result, save)) {
        setConflict(null);
        setMessage(null);
        return;
      }
      if (result.ok) {
        toast.success(
          result.data.changed ? `Settings saved · v${result.data.config_version}` : "No value in force changed.",
        );
        setLoadedVersion(result.data.config_version);
        setRebased(false);
        setErrors({});
        setMessage(null);
        router.refresh();
        return;
      }
      setErrors(result.fieldErrors ?? {});
      setConflict(result.code === "CONFLICT" ? result.message : null);
      setMessage(result.code === "CONFLICT" ? null : result.message);
    });
  }

  return (
    // noValidate: the server's zod check gives the inline errors, with the same words as bundle import.
    <form
      noValidate
      // The save bar sticks to the top and wraps to ~3 lines (about 120 px) on a phone: rows scrolled or tabbed
      // into view stop below it. The Webhooks section below lets the last rows scroll clear of it too.
      className="space-y-4 [&_tr]:scroll-mt-36"
      aria-label="Agent settings"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
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
      {conflict ? (
        <ConflictAlert
          message={conflict}
          reloading={reloading}
          onKeep={() => {
            setConflict(null);
            setRebased(true);
            startReload(() => router.refresh());
          }}
        />
      ) : null}
      <TestsGateAlert gate={gate} saving={saving} />
      {message ? <Alert variant="danger">{message}</Alert> : null}
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
