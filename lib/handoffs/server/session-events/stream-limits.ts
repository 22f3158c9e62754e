import "server-only";
import { addressBucket } from "@/lib/server/request/peer-address";

// How many session event streams (GET /api/v1/sessions/{id}/events) one instance holds open, counted per
// class of holder (docs/widget.md#event-streams). An open stream costs the instance a socket, a timer
// and a listener for as long as the client keeps it, so the instance bounds them all
// (FOCAL_EVENT_STREAMS_MAX, default 1,000). A customer's widget may be opened by anyone who loads the
// page (a publishable key is public), so customers are held to shares of that bound: however many
// streams customers open, the operators' share stays free, and one customer, one address or one
// key cannot take what the others need.
//
// In process, not in the database: a stream is held by this instance only, and is released the moment
// its client goes away (a database count would outlive a crashed instance's streams).

/** One conversation in at most 5 browser tabs at once: a customer with the shop open in a few tabs, each following the chat. */
const STREAMS_PER_SESSION = 5;
/**
 * 20 from one address (an IPv4 address or an IPv6 /64, peer-address.ts): an office or a household
 * behind one NAT, several people chatting at once; the same 20 as `widget.sessions_per_hour_per_address`.
 */
const STREAMS_PER_ADDRESS = 20;
/**
 * Customers may hold 80 % of the instance's streams; the other 20 % (200 of the default 1,000) are
 * kept for operators (the console's inbox and sandbox, API-key channels), who may also use whatever
 * customers leave free. 200 is more than the inbox needs: each operator follows one conversation at a time.
 */
const CUSTOMER_SHARE = 0.8;
/**
 * One publishable key may hold half of the customers' share (400 of 800 by default): a key is public,
 * so whoever copies it can open streams from many addresses; the other half stays for other keys and agents.
 */
const KEY_SHARE = 0.5;
/** A refused customer tries again after 10 s: long enough for a closed tab to free its stream, short for a customer waiting. */
const CUSTOMER_RETRY_AFTER_SECONDS = 10;
/** An instance full of operators' streams: the client reconnects in 5 s, or reads /messages meanwhile. */
const FULL_RETRY_AFTER_SECONDS = 5;

export type StreamHolder =
  | { kind: "operator" }
  | { kind: "customer"; sessionId: string; keyId: string; address: string | null };

export type StreamAdmission =
  | { ok: true; release: () => void }
  | { ok: false; status: 429 | 503; code: "RATE_LIMITED" | "UNAVAILABLE"; message: string; retryAfter: number };

interface Counts {
  operators: number;
  customers: number;
  bySession: Map<string, number>;
  byAddress: Map<string, number>;
  byKey: Map<string, number>;
}

declare global {
  // globalThis: each Next.js route module is its own module graph, and every one must see the same counts.
  var __focalStreamCounts: Counts | undefined;
}

function counts(): Counts {
  globalThis.__focalStreamCounts ??= {
    operators: 0,
    customers: 0,
    bySession: new Map(),
    byAddress: new Map(),
    byKey: new Map(),
  };
  return globalThis.__focalStreamCounts;
}

const bump = (map: Map<string, number>, key: string, by: number) => {
  const next = (map.get(key) ?? 0) + by;
  if (next > 0) map.set(key, next);
  else map.delete(key);
};

/** Customers' and one key's bounds for an instance bound of `max`. */
function customerBounds(max: number): { customers: number; perKey: number } {
  const customers = Math.floor(max * CUSTOMER_SHARE);
  return { customers, perKey: Math.max(1, Math.floor(customers * KEY_SHARE)) };
}

const customerRefusal = (message: string): StreamAdmission => ({
  ok: false,
  status: 429,
  code: "RATE_LIMITED",
  message: `${message}; retry in ${CUSTOMER_RETRY_AFTER_SECONDS} s.`,
  retryAfter: CUSTOMER_RETRY_AFTER_SECONDS,
});

/** Why a customer's stream may not open now, or null when it may. */
function customerLimit(
  state: Counts,
  holder: Extract<StreamHolder, { kind: "customer" }>,
  max: number,
  bucket: string,
) {
  const bounds = customerBounds(max);
  if ((state.bySession.get(holder.sessionId) ?? 0) >= STREAMS_PER_SESSION) {
    return customerRefusal(`This conversation has ${STREAMS_PER_SESSION} event streams open, its limit`);
  }
  if ((state.byAddress.get(bucket) ?? 0) >= STREAMS_PER_ADDRESS) {
    return customerRefusal(`This address has ${STREAMS_PER_ADDRESS} event streams open, its limit`);
  }
  if ((state.byKey.get(holder.keyId) ?? 0) >= bounds.perKey) {
    return customerRefusal(`This publishable key has ${bounds.perKey} event streams open, its limit`);
  }
  if (state.customers >= bounds.customers || state.customers + state.operators >= max) {
    return customerRefusal("Too many customers' event streams are open on this instance");
  }
  return null;
}

/** An admitted stream: `release` gives it back once, however often it is called. */
function heldUntilReleased(giveBack: () => void): StreamAdmission {
  let held = true;
  return {
    ok: true,
    release: () => {
      if (!held) return;
      held = false;
      giveBack();
    },
  };
}

/**
 * Takes a stream for the holder when its class and every count it falls under leave room: a customer
 * past a limit gets 429 with Retry-After; an operator only 503, when the instance holds `max` already
 * (customers can never hold more than their share, so that is never because of them). `release` gives
 * the stream back, once.
 */
export function admitStream(holder: StreamHolder, max: number): StreamAdmission {
  const state = counts();
  if (holder.kind === "operator") {
    if (state.operators + state.customers >= max) {
      return {
        ok: false,
        status: 503,
        code: "UNAVAILABLE",
        message: `This instance has ${max} event streams open, its limit (FOCAL_EVENT_STREAMS_MAX): reconnect in a few seconds, or read /messages?after= meanwhile.`,
        retryAfter: FULL_RETRY_AFTER_SECONDS,
      };
    }
    state.operators += 1;
    return heldUntilReleased(() => {
      state.operators -= 1;
    });
  }
  const bucket = holder.address ? addressBucket(holder.address) : "unknown";
  const refused = customerLimit(state, holder, max, bucket);
  if (refused) return refused;
  const take = (by: number) => {
    state.customers += by;
    bump(state.bySession, holder.sessionId, by);
    bump(state.byAddress, bucket, by);
    bump(state.byKey, holder.keyId, by);
  };
  take(1);
  return heldUntilReleased(() => take(-1));
}

/** The streams open now, by class. */
export function openStreamCounts(): { operators: number; customers: number } {
  const { operators, customers } = counts();
  return { operators, customers };
}
