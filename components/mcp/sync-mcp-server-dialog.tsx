"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Mono } from "@/components/ui/mono";
import { TitledDialog } from "@/components/ui/titled-dialog";
import type { McpSyncDiff, McpSyncItem } from "@/lib/mcp/mcp-schemas";
import { syncMcpServer } from "@/lib/mcp/mcp-servers-client";

// Sync: the server's tools listed and compared with the agent's (a dry run, nothing written), shown
// as what would be added, changed and removed, each with a box to pick it, then Apply imports the
// picked ones as one configuration change. Tools still in use are kept and shown why; tools Focal
// cannot fill are shown with the reason. Descriptions come from the server: plain text, never markup.

const GROUPS = [
  { key: "add", title: "Add", badge: "success" },
  { key: "change", title: "Change", badge: "info" },
  { key: "remove", title: "Remove", badge: "warning" },
] as const;

function SyncRow({ item, checked, onToggle }: { item: McpSyncItem; checked: boolean; onToggle: () => void }) {
  const id = `sync-${item.tool}`;
  const inputs = Object.keys(item.input_schema.properties);
  return (
    <li className="flex items-start gap-2 py-1">
      <input id={id} type="checkbox" className="mt-1" checked={checked} onChange={onToggle} />
      <label htmlFor={id} className="min-w-0 flex-1 text-sm">
        <Mono>{item.tool}</Mono>
        {item.key !== item.tool ? <span className="text-muted-foreground"> → tool {item.key}</span> : null}
        {item.fields ? <span className="text-muted-foreground"> ({item.fields.join(", ")} changed)</span> : null}
        {item.description ? (
          <span className="block whitespace-pre-wrap break-words text-muted-foreground text-xs">
            {item.description}
          </span>
        ) : null}
        <span className="block text-muted-foreground text-xs">
          {inputs.length === 0 ? "no inputs" : `inputs: ${inputs.join(", ")}`}
        </span>
      </label>
    </li>
  );
}

function DiffView({
  diff,
  picked,
  toggle,
}: {
  diff: McpSyncDiff;
  picked: Set<string>;
  toggle: (tool: string) => void;
}) {
  const empty = diff.add.length + diff.change.length + diff.remove.length === 0;
  return (
    <div className="max-h-[60vh] space-y-3 overflow-y-auto" data-testid="mcp-sync-diff">
      {empty ? (
        <Alert variant="info" title="Nothing to change">
          The agent&apos;s tools from this server match what it lists now.
        </Alert>
      ) : null}
      {GROUPS.map(({ key, title, badge }) =>
        diff[key].length === 0 ? null : (
          <section key={key} aria-label={`${title}: ${diff[key].length}`}>
            <h3 className="font-medium text-sm">
              <Badge variant={badge}>{title}</Badge> {diff[key].length}
            </h3>
            <ul>
              {diff[key].map((item) => (
                <SyncRow
                  key={item.tool}
                  item={item}
                  checked={picked.has(item.tool)}
                  onToggle={() => toggle(item.tool)}
                />
              ))}
            </ul>
          </section>
        ),
      )}
      {diff.kept_in_use.length > 0 ? (
        <section aria-label="Kept in use">
          <h3 className="font-medium text-sm">
            <Badge variant="neutral">Kept in use</Badge> {diff.kept_in_use.length}
          </h3>
          <ul className="text-sm">
            {diff.kept_in_use.map((item) => (
              <li key={item.tool} className="py-1">
                <Mono>{item.key}</Mono> is gone from the server but used by{" "}
                {[...new Set(item.references.map((r) => `${r.kind} ${r.key}`))].join(", ")}: detach it before it can be
                removed.
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {diff.unsupported.length > 0 ? (
        <section aria-label="Not importable">
          <h3 className="font-medium text-sm">
            <Badge variant="neutral">Not importable</Badge> {diff.unsupported.length}
          </h3>
          <ul className="text-sm">
            {diff.unsupported.map((item) => (
              <li key={item.tool} className="py-1">
                <Mono>{item.tool}</Mono>: {item.reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

const choices = (diff: McpSyncDiff) => [...diff.add, ...diff.change, ...diff.remove].map((item) => item.tool);

export function SyncMcpServerDialog({ agentKey, server }: { agentKey: string; server: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [diff, setDiff] = useState<McpSyncDiff | null>(null);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState<string | null>(null);
  const [listing, startListing] = useTransition();
  const [applying, startApplying] = useTransition();

  function list() {
    setMessage(null);
    startListing(async () => {
      const answer = await syncMcpServer(agentKey, server);
      if (!answer.ok) {
        setDiff(null);
        setMessage(answer.message);
        return;
      }
      setDiff(answer.body);
      setPicked(new Set(choices(answer.body)));
    });
  }

  function apply() {
    if (!diff) return;
    startApplying(async () => {
      const answer = await syncMcpServer(agentKey, server, {
        tools: [...picked],
        expectedVersion: diff.config_version,
      });
      if (!answer.ok) {
        setMessage(answer.message);
        return;
      }
      setOpen(false);
      router.refresh();
    });
  }

  function toggle(tool: string) {
    setPicked((before) => {
      const next = new Set(before);
      if (next.has(tool)) next.delete(tool);
      else next.add(tool);
      return next;
    });
  }

  return (
    <TitledDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) list();
        else {
          setDiff(null);
          setMessage(null);
        }
      }}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Sync MCP server ${server}`}>
          Sync
        </Button>
      }
      title={`Sync ${server}`}
      description="What the server lists now, compared with the agent's tools. Nothing changes until you apply; the picked changes are saved as one new version."
      className="sm:max-w-2xl"
      testId="mcp-sync-dialog"
    >
      {message ? (
        <Alert variant="danger" title="The sync did not run">
          {message}
        </Alert>
      ) : null}
      {listing ? <p className="text-muted-foreground text-sm">Listing the server&apos;s tools…</p> : null}
      {diff && !listing ? <DiffView diff={diff} picked={picked} toggle={toggle} /> : null}
      <DialogFooter>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
        {message && !diff ? (
          <Button variant="outline" onClick={list} pending={listing}>
            Try again
          </Button>
        ) : null}
        <Button onClick={apply} pending={applying} disabled={!diff || listing || picked.size === 0}>
          Apply {picked.size > 0 ? `${picked.size} ${picked.size === 1 ? "change" : "changes"}` : ""}
        </Button>
      </DialogFooter>
    </TitledDialog>
  );
}
