import "server-only";

// One reader shared by every stream that follows the same thing (one session, one operator's counts):
// a change is read once and handed to all of them. Reads asked for while one runs fold into one more
// after it, so a burst of changes costs two reads, not one per change.

/** A failed read (a database blip) is tried again this long after, while someone still listens. */
const RETRY_MS = 1000;

export interface CoalescedReader<T> {
  readonly subscribers: Set<(value: T) => void>;
  /** Reads now, or once more after the read that runs. */
  read(): Promise<void>;
}

export function coalescedReader<T>(load: () => Promise<T>): CoalescedReader<T> {
  let reading = false;
  let again = false;
  const reader: CoalescedReader<T> = {
    subscribers: new Set(),
    async read() {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        do {
          again = false;
          const value = await load();
          for (const subscriber of [...reader.subscribers]) subscriber(value);
        } while (again && reader.subscribers.size > 0);
      } catch {
        // So no change is lost: read again in a second while someone still listens.
        const retry = setTimeout(() => {
          if (reader.subscribers.size > 0) void reader.read();
        }, RETRY_MS);
        retry.unref?.();
      } finally {
        reading = false;
      }
    },
  };
  return reader;
}
