/*
 * Items loaded a few ahead of the one in use, in order: while one is
 * processed, the next ones are being read (file reads run on libuv's threads).
 */

export class ReadAhead<T> {
  private readonly started = new Map<number, Promise<T>>();
  private next = 0;

  constructor(
    private readonly count: number,
    private readonly load: (index: number) => T | Promise<T>,
    private readonly window = 8,
  ) {}

  /** Item `index`; call with 0, 1, 2, ... in turn. */
  take(index: number): Promise<T> {
    while (this.next < this.count && this.next <= index + this.window) {
      const started = Promise.resolve(this.next).then(this.load);
      // A failure is reported when its item is taken, not as an unhandled rejection before that.
      started.catch(() => undefined);
      this.started.set(this.next++, started);
    }
    const item = this.started.get(index);
    if (!item) throw new Error(`ReadAhead: item ${index} taken twice or out of range`);
    this.started.delete(index);
    return item;
  }
}
