import { describe, expect, it } from "vitest";
import type { OutboxEntry } from "./outbox";
import { syncOutbox } from "./sync";
import { entryAt, memoryOutbox } from "./test-outbox";

const offline = () => new TypeError("Failed to fetch");
const http = (status: number) => ({ success: false, status, message: `status ${status}`, code: "X" });

/** A server that answers each POST with the next reply (a status, or `offline`), noting the keys it saw. */
function server(...replies: (number | "offline")[]) {
  const keys: string[] = [];
  const send = async (entry: OutboxEntry) => {
    keys.push(entry.id);
    const reply = replies.shift() ?? 201;
    if (reply === "offline") throw offline();
    if (reply >= 400) throw http(reply);
    return { dreamOf: entry.body.content };
  };
  return { keys, send };
}

describe("the outbox sync", () => {
  it("keeps a dream through a lost connection and a 503, counting attempts, and removes it on 201", async () => {
    const store = memoryOutbox();
    await store.add(entryAt(1, "first"));

    const lost = await syncOutbox({ store, userId: 7, send: server("offline").send });
    expect(lost.get("key-first")?.kind).toBe("waiting");
    expect(store.entries.get("key-first")).toMatchObject({ attempts: 1, lastError: "Failed to fetch" });

    const failed = await syncOutbox({ store, userId: 7, send: server(503).send });
    expect(failed.get("key-first")?.kind).toBe("waiting");
    expect(store.entries.get("key-first")).toMatchObject({ attempts: 2, lastError: "503 status 503" });

    const answered = server(201);
    const saved = await syncOutbox({ store, userId: 7, send: answered.send });
    expect(saved.get("key-first")).toEqual({ kind: "saved", answer: { dreamOf: "first" } });
    // Every attempt used the entry's own key, so the server can tell a retry from a new dream.
    expect(answered.keys).toEqual(["key-first"]);
    expect(store.entries.size).toBe(0);
  });

  it("keeps a dream refused for the session or the rate (401, 403, 408, 429), drops one refused for good", async () => {
    for (const status of [401, 403, 408, 429]) {
      const store = memoryOutbox();
      await store.add(entryAt(1, "kept"));
      const outcome = await syncOutbox({ store, userId: 7, send: server(status).send });
      expect(outcome.get("key-kept")?.kind, `status ${status}`).toBe("waiting");
      expect(store.entries.has("key-kept"), `status ${status}`).toBe(true);
    }
    for (const status of [404, 422]) {
      const store = memoryOutbox();
      await store.add(entryAt(1, "gone"));
      await store.add(entryAt(2, "next"));
      const outcome = await syncOutbox({ store, userId: 7, send: server(status, 201).send });
      expect(outcome.get("key-gone"), `status ${status}`).toMatchObject({
        kind: "refused",
        error: { status },
      });
      // A refusal is about that dream only: the next one is still sent.
      expect(outcome.get("key-next")?.kind).toBe("saved");
      expect(store.entries.size).toBe(0);
    }
  });

  it("sends in the order the dreams were written and stops at the first that must wait", async () => {
    const store = memoryOutbox();
    await store.add(entryAt(3, "third"));
    await store.add(entryAt(1, "first"));
    await store.add(entryAt(2, "second"));

    const stopped = server(201, "offline");
    await syncOutbox({ store, userId: 7, send: stopped.send });
    expect(stopped.keys).toEqual(["key-first", "key-second"]);
    expect([...(await store.list(7))].map((entry) => entry.id)).toEqual(["key-second", "key-third"]);

    const resumed = server();
    await syncOutbox({ store, userId: 7, send: resumed.send });
    expect(resumed.keys).toEqual(["key-second", "key-third"]);
  });

  it("sends only the signed-in user's dreams; another user's stay for them", async () => {
    const store = memoryOutbox();
    await store.add(entryAt(1, "mine"));
    await store.add(entryAt(2, "theirs", 8));
    const seen = server();
    await syncOutbox({ store, userId: 7, send: seen.send });
    expect(seen.keys).toEqual(["key-mine"]);
    expect([...store.entries.keys()]).toEqual(["key-theirs"]);
  });

  it("runs one sync at a time: two started together send each dream once", async () => {
    const store = memoryOutbox();
    await store.add(entryAt(1, "only"));
    let release = () => {};
    const slow = server();
    const send = async (entry: OutboxEntry) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return slow.send(entry);
    };
    const first = syncOutbox({ store, userId: 7, send });
    const second = syncOutbox({ store, userId: 7, send });
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(slow.keys).toEqual(["key-only"]);
    expect(a.get("key-only")?.kind).toBe("saved");
    expect(b.size).toBe(0);
  });
});
