"use client";

import { useEffect, useRef } from "react";
import { startSandboxSessionAction } from "@/lib/actions/sandbox/start-sandbox-session";
import type { TurnView } from "@/lib/turns/turn-view";
import { customerWhyOf } from "@/lib/widget/customer-turn";
import { followEvents, type Link, sendTurn, WidgetApiError, type WidgetTransport } from "@/widget/api";
import { Chat } from "@/widget/chat";
import { DEFAULT_COLOR, type WidgetConfig } from "@/widget/config";
import type { ReplyWhy, SessionStore, StoredSession } from "@/widget/storage";
import { buildView } from "@/widget/view";
import { wire } from "@/widget/wire";

// "Preview as customer": the widget itself (widget/, the code of widget.js), mounted in a pane of the
// sandbox. It talks to the sandbox's session with the console's sign-in and asks for the customer's view
// of its turns and events (?view=customer), so it shows what a customer of the widget would see: the
// progress line, replies only once checked, "Why this answer" when the agent's widget.show_why is on,
// a specialist's messages without their name, handoff and approval status lines.

/** The console's own origin with its sign-in cookie; turns and events in the customer's view. */
const CONSOLE_LINK: Link = {
  base: "",
  credentials: "same-origin",
  headers: () => ({}),
  viewQuery: { view: "customer" },
};

interface CustomerPreviewProps {
  agentKey: string;
  agentName: string;
  sessionId: string | null;
  showWhy: boolean;
  turns: TurnView[];
  /** Viewers read the preview; only designers may write in it. */
  canPost: boolean;
  /** A turn sent from the preview is stored: the designer's view follows that session. */
  onTurn: (sessionId: string) => void;
}

interface Mounted {
  chat: Chat;
  pane: HTMLElement;
}

export function CustomerPreview(props: CustomerPreviewProps) {
  const paneRef = useRef<HTMLDivElement>(null);
  const mounted = useRef<Mounted | null>(null);
  // The transport and store read the latest props, not the ones of the render that mounted the chat.
  const latest = useRef(props);
  latest.current = props;

  // A new chat only when the designer's view moves to another session: a session the preview started
  // itself keeps its chat (and its progress line) when the page follows it.
  useEffect(() => {
    const pane = paneRef.current;
    if (!pane) return;
    if (mounted.current && mounted.current.chat.sessionId === props.sessionId) return;
    unmount(mounted.current);
    mounted.current = mountChat(pane, latest);
  }, [props.sessionId]);

  useEffect(
    () => () => {
      unmount(mounted.current);
      mounted.current = null;
    },
    [],
  );

  return (
    <div
      ref={paneRef}
      data-testid="customer-preview"
      // The widget's panel is position: fixed; containment makes this pane its containing block.
      className="relative min-h-[28rem] flex-1 overflow-hidden rounded-lg border border-border [contain:layout_paint]"
    />
  );
}

function unmount(current: Mounted | null): void {
  if (!current) return;
  current.chat.close();
  current.pane.replaceChildren();
}

function mountChat(pane: HTMLElement, props: { current: CustomerPreviewProps }): Mounted {
  const { agentKey, agentName, canPost } = props.current;
  const config: WidgetConfig = {
    agent: agentKey,
    key: "",
    base: "",
    color: DEFAULT_COLOR,
    title: agentName,
    greeting: null,
    position: "right",
    page: true,
    customerToken: null,
    environment: null,
  };
  const view = buildView(config, pane);
  const chat = new Chat(view, null, consoleTransport(props), memoryStore(props));
  wire(config, view, chat);
  if (!canPost) view.form.hidden = true;
  return { chat, pane };
}

function memoryStore(props: { current: CustomerPreviewProps }): SessionStore {
  let session: StoredSession | null = props.current.sessionId
    ? {
        sessionId: props.current.sessionId,
        token: "",
        expiresAt: "",
        showWhy: props.current.showWhy,
        why: {},
        identity: "",
      }
    : null;
  return {
    load: () => session,
    save: (next) => {
      session = next;
    },
    // "Start over": the next message starts a new sandbox session, which the designer's view then follows.
    forget: () => {
      session = null;
    },
  };
}

function consoleTransport(props: { current: CustomerPreviewProps }): WidgetTransport {
  return {
    async start() {
      const started = await startSandboxSessionAction({ agentKey: props.current.agentKey });
      if (!started.ok) throw new WidgetApiError({ kind: "failed" });
      const { showWhy } = props.current;
      return { sessionId: started.data.id, token: "", expiresAt: "", showWhy, why: {}, identity: "" };
    },
    async send(session, message, onStage) {
      const result = await sendTurn(CONSOLE_LINK, session, message, onStage);
      props.current.onTurn(session.sessionId);
      return result;
    },
    follow(session, after, signal, onEvent) {
      // The events carry no provenance: a reply's rules and sources come from the page's turns, or from the turn
      // itself when the designer's view sent it a moment ago. One event at a time keeps their order.
      let queue = Promise.resolve();
      return followEvents(CONSOLE_LINK, session, after, signal, (event, id) => {
        queue = queue.then(async () => {
          if (session.showWhy && event.type === "message" && event.message.kind === "agent") {
            session.why[event.message.id] ??= await whyOf(event.message.id, props.current.turns);
          }
          onEvent(event, id);
        });
      });
    },
  };
}

type WhyProvenance = {
  rules_applied?: { name: string }[];
  knowledge?: { citations: { source_title: string; source_url?: string }[] };
};

/** The customer's "why this answer" of a provenance: the rules' names and the cited sources' titles, each once. */
function replyWhyOf(provenance: WhyProvenance | undefined): ReplyWhy {
  const { rules, sources } = customerWhyOf(
    "answered",
    (provenance?.rules_applied ?? []).map((rule) => rule.name),
    (provenance?.knowledge?.citations ?? []).map((citation) => ({
      title: citation.source_title,
      url: citation.source_url,
    })),
  );
  const links = Object.fromEntries(sources.flatMap((source) => (source.url ? [[source.title, source.url]] : [])));
  return { rules: rules.map((rule) => rule.name), sources: sources.map((source) => source.title), links };
}

/** "Why this answer" of the turn of a reply (`<turn id>:agent`). */
async function whyOf(messageId: string, turns: TurnView[]): Promise<ReplyWhy> {
  const turnId = messageId.split(":")[0] ?? "";
  const known = turns.find((turn) => turn.id === turnId);
  if (known) return replyWhyOf(known.provenance);
  try {
    const response = await fetch(`/api/v1/turns/${encodeURIComponent(turnId)}`, { credentials: "same-origin" });
    if (!response.ok) return replyWhyOf(undefined);
    const body = (await response.json()) as { provenance?: WhyProvenance };
    return replyWhyOf(body.provenance);
  } catch {
    return replyWhyOf(undefined);
  }
}
