"use client";

import { Eye, MessagesSquare } from "lucide-react";
import { useRouter } from "next/navigation";
import { type ComponentProps, type ReactNode, startTransition, useOptimistic, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { useMediaQuery } from "@/components/ui/use-media-query";
import { signInHref } from "@/lib/identity/safe-return-path";
// biome-ignore lint/style/noRestrictedImports: type-only import, erased from the browser bundle: the page loads this shape on the server and passes it as props
import type { SandboxData } from "@/lib/sandbox/server/load-sandbox";
import { ChatThread } from "./chat-thread";
import { Composer } from "./composer";
import { ConfigNamesProvider } from "./config-names";
import { CustomerPreview } from "./customer-preview";
import { sandboxHref } from "./sandbox-format";
import { StartSessionButton } from "./start-session-button";
import { TurnPanel } from "./turn-panel";
import { usePreviewToggle } from "./use-preview-toggle";
import { useSendTurn } from "./use-send-turn";

// Below 1024 px the chat takes the whole width and the turn panel would sit far below it (about
// 2,300 px down on a phone): there, Inspect opens the panel as a sheet over the chat instead.
const NARROW = "(max-width: 1023px)";

const VIEWER_NOTE = "Viewers can read sandbox conversations; ask an admin for the designer role to chat.";

interface SandboxWorkspaceProps {
  data: SandboxData;
  selectedTurnId?: string;
}

/** Chat on the left, the selected turn (default: the latest) on the right. */
export function SandboxWorkspace({ data, selectedTurnId }: SandboxWorkspaceProps) {
  const router = useRouter();
  const agentKey = data.agent.key;
  const chat = useSendTurn(agentKey, data.session, data.turns);
  // The click shows at once; the URL (?turn=) follows without a full reload.
  const [selectedId, setSelectedId] = useOptimistic(selectedTurnId ?? null);
  const latest = chat.turns.at(-1) ?? null;
  const selected = chat.turns.find((t) => t.id === selectedId) ?? latest;
  const here = sandboxHref(agentKey, { session: chat.session?.id });
  const narrow = useMediaQuery(NARROW);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [preview, setPreview] = usePreviewToggle();

  function selectTurn(turnId: string) {
    if (narrow) setSheetOpen(true);
    // Inspecting a turn shows its details where the customer's view was.
    setPreview(false);
    startTransition(() => {
      setSelectedId(turnId);
      router.replace(sandboxHref(agentKey, { session: chat.session?.id, turn: turnId }), { scroll: false });
    });
  }

  const empty = (
    <SandboxEmpty
      agentKey={agentKey}
      hasSession={Boolean(chat.session)}
      canPost={data.canPost}
      othersSessions={data.othersSessions.length}
    />
  );

  const panel = (
    <TurnPanel
      turn={selected}
      session={chat.session}
      latest={latest}
      canPost={data.canPost}
      continuity={data.continuity}
      live={chat.live}
    />
  );

  function followPreviewSession(sessionId: string) {
    startTransition(() => router.replace(sandboxHref(agentKey, { session: sessionId }), { scroll: false }));
  }

  const customerView = (
    <CustomerView
      agentKey={agentKey}
      agentName={data.agent.name}
      sessionId={chat.session?.id ?? null}
      showWhy={data.showWhy}
      turns={chat.turns}
      canPost={data.canPost}
      onTurn={followPreviewSession}
    />
  );

  return (
    <ConfigNamesProvider names={data.names}>
      <div className="grid grid-cols-1 gap-4 lg:h-[calc(100dvh-9rem)] lg:min-h-[30rem] lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_26rem]">
        <section
          aria-label="Sandbox chat"
          className="flex min-h-[28rem] flex-col rounded-lg border border-border bg-background lg:min-h-0"
        >
          <ChatHeader preview={preview} onPreview={setPreview} />
          <ChatThread
            turns={chat.turns}
            inflight={chat.inflight}
            streamedReply={chat.live?.final?.response ?? null}
            agentKey={agentKey}
            selectedTurnId={selected?.id ?? null}
            onSelectTurn={selectTurn}
            empty={empty}
          />
          <div className="border-border border-t p-3">
            {data.canPost ? <Composer chat={chat} signInHref={signInHref(here)} /> : <ViewerNote />}
          </div>
        </section>
        {preview ? customerView : null}
        {narrow ? (
          <TurnSheet open={sheetOpen} onOpenChange={setSheetOpen} turn={selected}>
            {panel}
          </TurnSheet>
        ) : preview ? null : (
          panel
        )}
      </div>
    </ConfigNamesProvider>
  );
}

/** The chat before its first turn: what to do next, for a designer or a viewer. */
function SandboxEmpty(props: { agentKey: string; hasSession: boolean; canPost: boolean; othersSessions: number }) {
  if (props.hasSession) {
    return (
      <EmptyState
        icon={<MessagesSquare />}
        title="New session"
        description={
          props.canPost
            ? "Write the first message as a customer would. Each reply shows why it is what it is; the stages of the turn appear on the right."
            : "No turns in this session yet."
        }
      />
    );
  }
  return (
    <EmptyState
      icon={<MessagesSquare />}
      title="No sandbox session yet"
      description={
        props.canPost
          ? `Start a session, or just write a message below: a session starts with it.${props.othersSessions > 0 ? " Sessions others started are in the session list above, to read." : ""}`
          : props.othersSessions > 0
            ? "Pick a session a designer started from the session list above to read it."
            : "A designer starts sandbox sessions here; you can read them once they exist."
      }
      action={
        props.canPost ? (
          <StartSessionButton agentKey={props.agentKey} label="Start a session" variant="default" />
        ) : null
      }
    />
  );
}

/** What a customer sees in the chat widget, beside the designer's view. */
function CustomerView(props: ComponentProps<typeof CustomerPreview>) {
  return (
    <aside aria-label="Customer's view" className="flex min-h-0 flex-col gap-2">
      <p className="text-muted-foreground text-xs">
        What a customer sees in the chat widget: progress while a turn runs, the reply only once checked
        {props.showWhy ? ", and why it was given" : ""}. Write here as the customer, or in the sandbox on the left.
      </p>
      <CustomerPreview {...props} />
    </aside>
  );
}

/** On a narrow screen, the selected turn's panel as a sheet over the chat. */
function TurnSheet(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  turn: { turnIndex: number; userMessage: string } | null;
  children: ReactNode;
}) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent
        data-testid="turn-sheet"
        aria-describedby={undefined}
        className="top-auto bottom-0 left-0 max-h-[85dvh] w-full max-w-none translate-x-0 translate-y-0 rounded-b-none p-3"
      >
        <DialogTitle className="pr-8">
          {props.turn ? `Turn ${props.turn.turnIndex + 1}: ${props.turn.userMessage}` : "Turn"}
        </DialogTitle>
        {props.children}
      </DialogContent>
    </Dialog>
  );
}

/** The chat's top bar: whose view it is, and the switch to the customer's. */
function ChatHeader({ preview, onPreview }: { preview: boolean; onPreview: (preview: boolean) => void }) {
  return (
    <div className="flex items-center justify-between gap-2 border-border border-b px-3 py-1.5">
      <span className="min-w-0 truncate text-muted-foreground text-xs">
        Designer's view: why each reply is what it is
      </span>
      <Button
        type="button"
        size="sm"
        variant={preview ? "secondary" : "outline"}
        aria-pressed={preview}
        onClick={() => onPreview(!preview)}
      >
        <Eye aria-hidden="true" />
        Preview as customer
      </Button>
    </div>
  );
}

/** What a viewer sees where the composer would be. */
function ViewerNote() {
  return (
    <p data-testid="viewer-note" className="rounded-md bg-muted px-3 py-2 text-muted-foreground text-sm">
      {VIEWER_NOTE}
    </p>
  );
}
