/**
 * When the browser asks the hub: after typing pauses (debounce), never more
 * than one request at a time, and only the newest request's reply is shown.
 * A reply to an older request that arrives after a newer one was made is
 * dropped, so a slow answer never replaces a fresher list.
 */

export interface Timers {
  setTimeout(action: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (action, ms) => setTimeout(action, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export type Delivery<R> = { seq: number; ok: true; value: R } | { seq: number; ok: false; error: unknown };

export class SearchScheduler<Q, R> {
  private seq = 0;
  private latest: { seq: number; request: Q } | undefined;
  private timer: unknown;
  private inFlight = false;
  private disposed = false;

  constructor(
    private readonly run: (request: Q) => Promise<R>,
    private readonly deliver: (delivery: Delivery<R>) => void,
    private readonly delayMs: number,
    private readonly timers: Timers = realTimers,
  ) {}

  /** Asks for `request` once typing has paused; returns its sequence number. `now` skips the pause. */
  schedule(request: Q, now = false): number {
    this.seq++;
    this.latest = { seq: this.seq, request };
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    if (now) this.fire();
    else this.timer = this.timers.setTimeout(() => this.fire(), this.delayMs);
    return this.seq;
  }

  /** Whether a request is on its way or waiting for the pause. */
  get busy(): boolean {
    return this.inFlight || this.timer !== undefined;
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
  }

  private fire(): void {
    this.timer = undefined;
    // The one in flight finishes first; then the newest request goes (see below).
    if (this.inFlight || this.latest === undefined || this.disposed) return;
    const { seq, request } = this.latest;
    this.inFlight = true;
    const settle = (delivery: Delivery<R>) => {
      this.inFlight = false;
      if (this.disposed) return;
      if (delivery.seq === this.seq) this.deliver(delivery);
      // Asked again meanwhile: that request goes now, unless its pause is still running.
      else if (this.timer === undefined) this.fire();
    };
    this.run(request).then(
      (value) => settle({ seq, ok: true, value }),
      (error: unknown) => settle({ seq, ok: false, error }),
    );
  }
}
