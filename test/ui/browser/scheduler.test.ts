import { describe, expect, it } from "vitest";
import { SearchScheduler, type Delivery, type Timers } from "../../../src/ui/browser/scheduler.js";

/** Timers run by hand, and replies released by hand: no real time passes. */
function harness() {
  const pending: { action: () => void; handle: number }[] = [];
  let next = 0;
  const timers: Timers = {
    setTimeout: (action) => {
      const handle = ++next;
      pending.push({ action, handle });
      return handle;
    },
    clearTimeout: (handle) => {
      const index = pending.findIndex((timer) => timer.handle === handle);
      if (index >= 0) pending.splice(index, 1);
    },
  };
  const sent: string[] = [];
  const replies = new Map<string, (value: string) => void>();
  const delivered: Delivery<string>[] = [];
  const scheduler = new SearchScheduler<string, string>(
    (request) => {
      sent.push(request);
      return new Promise((resolve) => replies.set(request, resolve));
    },
    (delivery) => delivered.push(delivery),
    250,
    timers,
  );
  const elapse = () => {
    for (const timer of pending.splice(0)) timer.action();
  };
  const reply = async (request: string) => {
    replies.get(request)!(`hits for ${request}`);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { scheduler, sent, delivered, elapse, reply };
}

describe("SearchScheduler", () => {
  it("waits for typing to pause, and sends only the last query", () => {
    const { scheduler, sent, elapse } = harness();
    scheduler.schedule("l");
    scheduler.schedule("ll");
    scheduler.schedule("lla");
    expect(sent).toEqual([]);
    elapse();
    expect(sent).toEqual(["lla"]);
  });

  it("keeps one request in flight, then sends the newest, and drops the stale reply", async () => {
    const { scheduler, sent, delivered, elapse, reply } = harness();
    scheduler.schedule("a", true);
    scheduler.schedule("ab");
    elapse();
    scheduler.schedule("abc");
    elapse();
    // "a" is still out: nothing else went.
    expect(sent).toEqual(["a"]);
    await reply("a");
    // Its reply is older than what was asked since: not shown; the newest goes now.
    expect(delivered).toEqual([]);
    expect(sent).toEqual(["a", "abc"]);
    await reply("abc");
    expect(delivered).toEqual([{ seq: 3, ok: true, value: "hits for abc" }]);
  });

  it("reports a failure of the newest request", async () => {
    const timers: Timers = { setTimeout: () => 0, clearTimeout: () => undefined };
    const delivered: Delivery<string>[] = [];
    const scheduler = new SearchScheduler<string, string>(
      () => Promise.reject(new Error("HTTP 503")),
      (delivery) => delivered.push(delivery),
      250,
      timers,
    );
    scheduler.schedule("x", true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(delivered).toMatchObject([{ seq: 1, ok: false }]);
  });
});
