import { CopyButton } from "@/components/ui/copy-button";
import { Mono } from "@/components/ui/mono";

/** A config row's name, which opens its editor, above its key with a copy button. */
export function NameAndKey({ name, entityKey, onOpen }: { name: string; entityKey: string; onOpen: () => void }) {
  return (
    <>
      <button type="button" className="text-left font-medium underline-offset-2 hover:underline" onClick={onOpen}>
        {name}
      </button>
      <div className="flex items-center">
        <Mono className="text-muted-foreground text-xs">{entityKey}</Mono>
        <CopyButton value={entityKey} label={`key of ${name}`} />
      </div>
    </>
  );
}
