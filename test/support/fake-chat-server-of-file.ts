import { afterAll, beforeAll, beforeEach } from "vitest";
import { type FakeChatServer, startFakeChatServer } from "./fake-chat-server";

/**
 * The fake chat server of the test file that calls it: started before the file's first test, its
 * recorded requests cleared before each test, closed after the last. (Apart from fake-chat-server.ts,
 * which the e2e specs import outside vitest.)
 */
export function fakeChatServerOfFile(): Omit<FakeChatServer, "close"> {
  let started: FakeChatServer | undefined;
  const current = () => {
    if (!started) throw new Error("the fake chat server starts in beforeAll; use it inside a test");
    return started;
  };
  beforeAll(async () => {
    started = await startFakeChatServer();
  });
  afterAll(async () => {
    await started?.close();
  });
  beforeEach(() => {
    current().requests.length = 0;
  });
  return {
    get baseURL() {
      return current().baseURL;
    },
    get requests() {
      return current().requests;
    },
    enqueue: (...behaviours) => current().enqueue(...behaviours),
  };
}
