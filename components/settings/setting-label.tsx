import { Mono } from "@/components/ui/mono";
import type { SettingDescription } from "@/lib/settings/setting-descriptions";

/** A setting's plain name, what it changes, and its bundle key in small type for bundle authors. */
export function SettingLabel({ path, about, htmlFor }: { path: string; about: SettingDescription; htmlFor?: string }) {
  const Name = htmlFor ? "label" : "span";
  return (
    <div className="space-y-0.5">
      <Name htmlFor={htmlFor} className="block font-medium text-sm">
        {about.label}
      </Name>
      {about.help ? <p className="text-muted-foreground text-xs leading-snug">{about.help}</p> : null}
      <Mono className="text-[11px] text-muted-foreground/80">{path}</Mono>
    </div>
  );
}
