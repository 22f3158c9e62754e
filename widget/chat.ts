// The conversation: sends turns with their progress, follows the session's events (operator messages,
// mode, approvals), resumes a stored session and starts over.

import { type SessionEvent, type TranscriptMessage, WidgetApiError, type WidgetTransport } from "./api";
import type { SessionStore, StoredSession } from "./storage";
import { STRINGS } from "./strings";
import { appendMessage, showError, showStatus, showUnread, unreadOf, type WidgetView } from "./view";

/** The turns route refuses longer messages (docs/api.md); refused here before sending. */
const MESSAGE_MAX = 4000;
/** An events stream that ends or drops is reopened after 3 s, from the last message seen. */
const RECONNECT_MS = 3000;

export class Chat {
  private session: StoredSession | null;
  private readonly seen = new Set<string>();
  private lastId: string | null = null;
  private events: AbortController | null = null;
  private inFlight = false;
  private held: TranscriptMessage[] = [];
  /**
   * The first stream's transcript has been shown: the stream sends the transcript, then the mode, so
   * messages before the first mode event were there before this page opened and are not new to anyone.
   */
  private caughtUp = false;
  /** The mode's status line ("a specialist joined"), what the line goes back to after an approval's. */
  private modeStatus: string | null = null;
  /** Replies (agent or operator) received so far, and how many there were when an approval was asked. */
  private replies = 0;
  private repliesAtPending: number | null = null;
  /** "Our team has looked at your request" shows until the next reply or message, never for good. */
  private clearOnReply = false;

  constructor(
    private readonly view: WidgetView,
    private readonly greeting: string | null,
    private readonly transport: WidgetTransport,
    private readonly store: SessionStore,
  ) {
    this.session = store.load();
    this.greet();
    if (this.session) this.follow();
  }

  /** The session the chat is in, or null before its first message. */
  get sessionId(): string | null {
    return this.session?.sessionId ?? null;
  }

  /** Stops following the session's events (the panel goes away); the stored session is kept. */
  close(): void {
    this.events?.abort();
    this.events = null;
  }

  private greet(): void {
    appendMessage(this.view, "agent", this.greeting ?? STRINGS.greeting, null);
  }

  startOver(): void {
    this.close();
    this.store.forget();
    this.session = null;
    this.seen.clear();
    this.lastId = null;
    this.held = [];
    this.caughtUp = false;
    this.modeStatus = null;
    this.replies = 0;
    this.repliesAtPending = null;
    this.clearOnReply = false;
    this.view.log.replaceChildren();
    showError(this.view, null);
    showStatus(this.view, null);
    this.greet();
  }

  async send(text: string): Promise<boolean> {
    const message = text.trim();
    if (message.length === 0 || this.inFlight) return false;
    if (message.length > MESSAGE_MAX) {
      showError(this.view, STRINGS.tooLong(MESSAGE_MAX, message.length));
      return false;
    }
    showError(this.view, null);
    if (this.clearOnReply) this.restoreStatus();
    this.inFlight = true;
    this.view.send.disabled = true;
    let bubble: HTMLElement | null = null;
    try {
      const session = await this.ensureSession();
      bubble = appendMessage(this.view, "customer", message, null);
      await this.runTurn(session, message);
      return true;
    } catch (error) {
      // The message stays in the input to send again; it was not taken.
      bubble?.remove();
      this.fail(error);
      return false;
    } finally {
      this.inFlight = false;
      this.view.send.disabled = false;
      this.view.progress.textContent = "";
      this.view.progress.classList.remove("dots");
      for (const held of this.held.splice(0)) this.show(held);
    }
  }

  private async ensureSession(): Promise<StoredSession> {
    if (this.session) return this.session;
    try {
      this.session = await this.transport.start();
    } catch (error) {
      const kind = error instanceof WidgetApiError ? error.failure.kind : null;
      if (kind !== null && kind !== "rate_limited" && kind !== "identity") {
        throw new WidgetApiError({ kind: "refused" });
      }
      throw error;
    }
    this.store.save(this.session);
    this.follow();
    return this.session;
  }

  private async runTurn(session: StoredSession, message: string): Promise<void> {
    this.view.progress.textContent = STRINGS.typing;
    const result = await this.transport.send(session, message, (stage) => {
      this.view.progress.textContent = STRINGS.stages[stage] ?? STRINGS.working;
    });
    this.seen.add(`${result.turnId}:customer`);
    this.seen.add(`${result.turnId}:agent`);
    if (result.response.length === 0) return;
    const why = session.showWhy ? result.why : null;
    if (why) {
      session.why[`${result.turnId}:agent`] = why;
      this.store.save(session);
    }
    appendMessage(this.view, "agent", result.response, why);
  }

  private fail(error: unknown): void {
    const failure = error instanceof WidgetApiError ? error.failure : ({ kind: "failed" } as const);
    if (failure.kind === "rate_limited") showError(this.view, STRINGS.rateLimited(failure.retryAfter));
    else if (failure.kind === "identity") showError(this.view, STRINGS.identityRefused);
    else if (failure.kind === "refused" && !this.session) showError(this.view, STRINGS.cannotStart);
    else if (failure.kind === "refused" || failure.kind === "expired") {
      // The token expired or the session is gone: the next message starts a new conversation.
      this.startOver();
      showError(this.view, STRINGS.failed);
    } else showError(this.view, STRINGS.failed);
  }

  private follow(): void {
    const session = this.session;
    if (!session) return;
    const controller = new AbortController();
    this.events = controller;
    let wait = RECONNECT_MS;
    this.transport
      .follow(session, this.lastId, controller.signal, (event, id) => this.onEvent(event, id))
      .catch((error: unknown) => {
        const failure = error instanceof WidgetApiError ? error.failure : null;
        // Too many streams open (this conversation in other tabs, this address, this key): wait as told.
        if (failure?.kind === "rate_limited") wait = Math.max(RECONNECT_MS, failure.retryAfter * 1000);
        else if (failure && failure.kind !== "failed") controller.abort();
      })
      .finally(() => {
        if (!controller.signal.aborted && this.events === controller) setTimeout(() => this.follow(), wait);
      });
  }

  private onEvent(event: SessionEvent, id: string | null): void {
    if (event.type === "message") {
      if (id) this.lastId = id;
      if (event.message.kind === "agent" || event.message.kind === "operator") this.replies++;
      if (this.inFlight && (event.message.kind === "customer" || event.message.kind === "agent")) {
        this.held.push(event.message);
      } else this.show(event.message);
    } else if (event.type === "mode") {
      this.caughtUp = true;
      this.modeStatus =
        event.mode === "human" ? STRINGS.specialistJoined : event.mode === "waiting" ? STRINGS.waitingForPerson : null;
      showStatus(this.view, this.modeStatus);
    } else if (event.type === "approval") {
      this.onApproval(event.state);
    } else {
      this.startOver();
    }
  }

  /**
   * Pending: the line says we are checking. Decided: the resumed reply comes in the same snapshot just
   * before the decision, so when a reply arrived since the approval was asked (or the approval was
   * decided before this page followed the session) the line goes back to the mode's; otherwise "Our
   * team has looked" shows until the next reply or the customer's next message.
   */
  private onApproval(state: string): void {
    if (state === "pending") {
      this.repliesAtPending = this.replies;
      this.clearOnReply = false;
      showStatus(this.view, STRINGS.approvalPending);
      return;
    }
    const replied = this.repliesAtPending === null || this.replies > this.repliesAtPending;
    this.repliesAtPending = null;
    if (replied) this.restoreStatus();
    else {
      this.clearOnReply = true;
      showStatus(this.view, STRINGS.approvalDone);
    }
  }

  private restoreStatus(): void {
    this.clearOnReply = false;
    showStatus(this.view, this.modeStatus);
  }

  private show(message: TranscriptMessage): void {
    if (this.seen.has(message.id)) return;
    this.seen.add(message.id);
    // A reply of this page's own turn has its rules from the turn; a reply that came by the stream (a
    // resumed turn after an approval) carries them itself.
    const stored = this.session?.why[message.id] ?? message.why ?? null;
    const why = message.kind === "agent" && this.session?.showWhy ? stored : null;
    appendMessage(this.view, message.kind, message.text, why);
    const reply = message.kind === "operator" || message.kind === "agent";
    if (reply && this.clearOnReply) this.restoreStatus();
    if (reply && this.caughtUp && this.view.panel.hidden) showUnread(this.view, unreadOf(this.view) + 1);
  }
}
