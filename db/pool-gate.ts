import type postgres from "postgres";
import { classifyDbError } from "./transient-error";

// postgres-js queues a query without a time limit when every connection is held by a transaction, so
// one slow outage or a burst of long turns would make requests wait with no answer. The gate lets at
// most `max - 1` transactions hold a connection at a time (one connection stays free for plain
// queries, which postgres-js pipelines), and a transaction that cannot get one within `acquireTimeoutMs`
// fails with DB_ACQUIRE_TIMEOUT, answered 503 DB_UNAVAILABLE. Making a new connection is bounded by
// postgres-js's connect_timeout, set from the same setting (db/client.ts).

export class DbAcquireTimeoutError extends Error {
  readonly code = "DB_ACQUIRE_TIMEOUT";
  constructor(timeoutMs: number) {
    super(`no database connection free within ${timeoutMs} ms`);
    this.name = "DbAcquireTimeoutError";
  }
}

class TransactionConnectionLostError extends Error {
  readonly code = "CONNECTION_CLOSED";
  constructor() {
    super("the transaction's connection closed");
    this.name = "TransactionConnectionLostError";
  }
}

interface Waiter {
  grant: () => void;
  timer: NodeJS.Timeout;
}

/** A counting semaphore whose waits end with DbAcquireTimeoutError after `timeoutMs`. */
function semaphore(permits: number, timeoutMs: number) {
  let free = permits;
  const waiting: Waiter[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.grant();
    } else {
      free++;
    }
  };
  const acquire = (): Promise<void> => {
    if (free > 0) {
      free--;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: resolve,
        timer: setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1);
          reject(new DbAcquireTimeoutError(timeoutMs));
        }, timeoutMs),
      };
      waiting.push(waiter);
    });
  };
  return { acquire, release };
}

// When a transaction's connection dies under it (a terminated backend, a reset socket), postgres-js
// rejects the transaction itself as soon as it sees the socket close, and then, once the callback
// throws the query's error, writes ROLLBACK to that connection. If the socket is gone by then, the
// write is scheduled on a null socket and throws from a timer: an uncaught exception per transaction
// cut off. So a callback that fails with a lost connection first waits up to CLOSE_GRACE_MS for the
// transaction to be rejected; if it was, the callback never settles (nothing is left to roll back:
// the server ended the transaction with the connection) and is collected with its closure. If the
// connection is alive after all (a trigger raising 57P01), the error goes the usual way. The same
// null-socket write happens for a query the callback sends after the connection closed; those fail
// with CONNECTION_CLOSED before reaching the driver.
const CLOSE_GRACE_MS = 100;

/** The same client, whose transactions (`begin`) wait at most `acquireTimeoutMs` for a connection. */
export function gateTransactions(sql: postgres.Sql, max: number, acquireTimeoutMs: number): postgres.Sql {
  const gate = semaphore(Math.max(1, max - 1), acquireTimeoutMs);
  const begin = async (...args: unknown[]) => {
    await gate.acquire();
    let settled = false;
    const callback = args.at(-1) as (tx: unknown) => Promise<unknown>;
    // A query the callback sends after its transaction was rejected (the connection closed between two
    // of its queries) would be written to the dead socket: it fails here instead, the same way.
    const guardedTx = (tx: postgres.TransactionSql) =>
      new Proxy(tx, {
        get: (target, property, receiver) => {
          const value = Reflect.get(target, property, receiver);
          if (property !== "unsafe" || typeof value !== "function") return value;
          return (...a: unknown[]) => {
            if (settled) throw new TransactionConnectionLostError();
            return value(...a);
          };
        },
      });
    const guarded = async (tx: postgres.TransactionSql) => {
      try {
        return await callback(guardedTx(tx));
      } catch (error) {
        if (classifyDbError(error) === "unavailable") {
          await new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS));
          if (settled) await new Promise(() => {});
        }
        throw error;
      }
    };
    try {
      return await (sql.begin as (...a: unknown[]) => Promise<unknown>)(...args.slice(0, -1), guarded);
    } finally {
      settled = true;
      gate.release();
    }
  };
  return new Proxy(sql, {
    get: (target, property, receiver) => (property === "begin" ? begin : Reflect.get(target, property, receiver)),
  });
}
