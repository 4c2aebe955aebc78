import type { OutputStream } from "./output.js";

/*
 * Output written as it is produced, so memory stays flat however many models
 * a command is given. Text is gathered into chunks: one write per snippet
 * would cost a system call each.
 */

const CHUNK_CHARS = 64 * 1024;

/** Writes text to `stream` in chunks, waiting for 'drain' when the stream asks to (back-pressure). */
class ChunkedWriter {
  private pending = "";

  constructor(private readonly stream: OutputStream) {}

  async write(text: string): Promise<void> {
    this.pending += text;
    if (this.pending.length >= CHUNK_CHARS) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.pending === "") return;
    const text = this.pending;
    this.pending = "";
    if (this.stream.write(text) === false && this.stream.once) {
      const stream = this.stream;
      await new Promise<void>((resolve) => stream.once!("drain", resolve));
    }
  }
}

/**
 * A JSON array written one element at a time, byte for byte as `renderJson`
 * prints the whole array: two-space indentation, one trailing newline.
 */
export class JsonArrayWriter {
  private readonly out: ChunkedWriter;
  private count = 0;

  constructor(stream: OutputStream) {
    this.out = new ChunkedWriter(stream);
  }

  get length(): number {
    return this.count;
  }

  add(value: unknown): Promise<void> {
    // Inside a one-element array the element is indented as in the whole array: keep what is between "[\n" and "\n]".
    const wrapped = JSON.stringify([value], null, 2);
    return this.out.write(`${this.count++ === 0 ? "[\n" : ",\n"}${wrapped.slice(2, -2)}`);
  }

  async end(): Promise<void> {
    await this.out.write(this.count === 0 ? "[]\n" : "\n]\n");
    await this.out.flush();
  }
}
