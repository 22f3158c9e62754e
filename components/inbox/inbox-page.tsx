import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import type { InboxConversation, InboxItem } from "@/lib/handoffs/inbox-views";
import { ConversationPanel } from "./conversation-panel";
import { HandoffQueue } from "./handoff-queue";

/** The operators' inbox: the queue on the left, the open conversation on the right. */
export function InboxPage({
  items,
  conversation,
  missing,
  operatorEmail,
  renderedAt,
}: {
  items: InboxItem[];
  conversation: InboxConversation | null;
  /** A session was asked for that does not exist or is out of reach. */
  missing: boolean;
  operatorEmail: string;
  /** The server's clock when it rendered the page (epoch ms), for the waits' first render. */
  renderedAt: number;
}) {
  const waiting = items.filter((item) => item.state === "waiting").length;
  return (
    // From 1024 px as tall as the main area (its padding is 2 × 1.5rem): the queue and the conversation
    // scroll inside their columns, so the reply box stays on screen beside a queue of any length.
    <div className="flex min-h-0 flex-col lg:h-[calc(100dvh-3rem)]">
      <PageHeader
        title="Inbox"
        description={`${waiting} waiting · ${items.length - waiting} with a person. Claim a conversation to answer the customer; hand it back when the agent can go on.`}
      />
      <div className="grid min-h-0 flex-1 grid-cols-1 gap-4 lg:grid-cols-[300px_minmax(0,1fr)] lg:grid-rows-[minmax(0,1fr)]">
        {/* relative: the cards' screen-reader-only words (position: absolute) belong to this scroller;
            without it they sat on the page below it and gave the whole page a second scrollbar. */}
        <div className="relative min-h-0 overflow-y-auto">
          <HandoffQueue items={items} selected={conversation?.session_id ?? null} renderedAt={renderedAt} />
        </div>
        {conversation ? (
          <ConversationPanel key={conversation.session_id} conversation={conversation} operatorEmail={operatorEmail} />
        ) : (
          <EmptyState
            title={missing ? "No such conversation" : "No conversation open"}
            description={
              missing
                ? "It does not exist, or its agent is outside your access. Pick one from the queue."
                : "Pick a conversation from the queue to read it, claim it and reply."
            }
          />
        )}
      </div>
    </div>
  );
}
