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
 * A field's key and value as a flat element writes them, by key. The keys of
 * a batch's elements are few, and most values repeat from the element before
 * (the model, language, client, provider): each key keeps its line with the
 * last value it was written with, so only a changed value is escaped again.
 */
const lastLines = new Map<string, { value: string; line: string }>();

function fieldLine(key: string, value: string): string {
  const last = lastLines.get(key);
  if (last !== undefined && last.value === value) return last.line;
  const line = `    ${JSON.stringify(key)}: ${JSON.stringify(value)}`;
  // A long value (a snippet's code) seldom repeats, and an object of many keys is no batch's element: neither is kept.
  if (value.length <= 200 && (last !== undefined || lastLines.size < 32)) lastLines.set(key, { value, line });
  return line;
}

/**
 * One element of a two-space-indented array, as JSON.stringify(array, null, 2)
 * writes it. A flat object of strings (every snippet) is written field by
 * field, in one pass and without the lists Object.entries makes: that
 * spares the pretty-printer's walk for each of thousands of snippets.
 * Anything else goes through the pretty-printer itself.
 */
export function arrayElement(value: unknown): string {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    let fields = "";
    let flat = true;
    // for...in with hasOwn visits the keys JSON.stringify writes, in its order (integer keys first).
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      const field = (value as Record<string, unknown>)[key];
      if (typeof field !== "string") {
        flat = false;
        break;
      }
      fields += fields === "" ? fieldLine(key, field) : `,\n${fieldLine(key, field)}`;
    }
    if (flat && fields !== "") return `  {\n${fields}\n  }`;
  }
  // Inside a one-element array the element is indented as in the whole array: keep what is between "[\n" and "\n]".
  return JSON.stringify([value], null, 2).slice(2, -2);
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
    return this.out.write(`${this.count++ === 0 ? "[\n" : ",\n"}${arrayElement(value)}`);
  }

  /** `count` elements already written by arrayElement, joined by ",\n" (as a batch's threads send them). */
  addWritten(elements: string, count: number): Promise<void> {
    if (count === 0) return Promise.resolve();
    const first = this.count === 0;
    this.count += count;
    return this.out.write(`${first ? "[\n" : ",\n"}${elements}`);
  }

  async end(): Promise<void> {
    await this.out.write(this.count === 0 ? "[]\n" : "\n]\n");
    await this.out.flush();
  }
}
