import { openSync, readSync, closeSync, fstatSync } from "node:fs";
import { Failure, fail } from "../outcome/problems.js";

const MAX_INPUT_BYTES = 10_000_000;

const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/** One decoder for every file: a batch of thousands of files decodes each once, with no decoder made per file. */
const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The bytes of a regular file are read into this buffer, which grows to the
 * largest file seen: a batch reads thousands of small files, and a fresh
 * buffer per file was a third of its time (PERF-NOTES). Decoding copies the
 * text out, so the buffer can be reused at once.
 */
let scratch = Buffer.allocUnsafe(64 * 1024);

/** A regular file of `size` bytes (as fstat saw it; it may have grown since), read in one call where it can be. */
function readFileBounded(fd: number, name: string, size: number, maxBytes: number): Buffer {
  // One byte more than fstat said, to see growth without a second call in the common case.
  if (scratch.length < size + 1) scratch = Buffer.allocUnsafe(Math.min(Math.max(size + 1, scratch.length * 2), maxBytes + 1));
  let total = 0;
  for (;;) {
    if (total === scratch.length) {
      if (total > maxBytes) break;
      const bigger = Buffer.allocUnsafe(Math.min(scratch.length * 2, maxBytes + 1));
      scratch.copy(bigger, 0, 0, total);
      scratch = bigger;
    }
    let count: number;
    try {
      count = readSync(fd, scratch, total, scratch.length - total, null);
    } catch (error) {
      throw describeOpenError(name, error as NodeJS.ErrnoException);
    }
    if (count === 0) break;
    total += count;
    // All that fstat said, and short of what was asked: the end of a regular file, where asking again would cost
    // one more system call per file to hear 0. (Files that say size 0, as in /proc, still read until 0.)
    if (total === size && total < scratch.length) break;
  }
  if (total > maxBytes) fail({ kind: "input-too-large", path: name, limitBytes: maxBytes });
  return scratch.subarray(0, total);
}

/** A text read from a file or stdin, with the name used in error messages. */
interface TextInput {
  source: string;
  text: string;
  /** The file's size, when it is a regular file (which can be read again): not stdin, a pipe or a device. */
  fileBytes?: number;
}

function describeOpenError(path: string, error: NodeJS.ErrnoException): Failure {
  switch (error.code) {
    case "ENOENT":
      return new Failure({ kind: "input-missing", path });
    case "EISDIR":
      return new Failure({ kind: "input-unreadable", path, found: "directory" });
    case "EACCES":
    case "EPERM":
      return new Failure({ kind: "input-unreadable", path, found: "denied" });
    case "ENOTDIR":
      return new Failure({ kind: "input-unreadable", path, found: "parent-not-directory" });
    default:
      return new Failure({ kind: "input-unreadable", path, found: "error", detail: error.code ?? error.message });
  }
}

function readAllBounded(fd: number, name: string, maxBytes: number): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  const chunk = Buffer.allocUnsafe(64 * 1024);
  for (;;) {
    let count: number;
    try {
      count = readSync(fd, chunk, 0, chunk.length, null);
    } catch (error) {
      const errno = error as NodeJS.ErrnoException;
      // A non-blocking stdin with nothing written yet: wait, then try again.
      // The pause keeps the wait for a slow writer from burning a core.
      if (errno.code === "EAGAIN") {
        Atomics.wait(PAUSE, 0, 0, 10);
        continue;
      }
      if (errno.code === "EOF") break;
      throw describeOpenError(name, errno);
    }
    if (count === 0) break;
    total += count;
    if (total > maxBytes) fail({ kind: "input-too-large", path: name, limitBytes: maxBytes });
    chunks.push(Buffer.from(chunk.subarray(0, count)));
  }
  return Buffer.concat(chunks, total);
}

/**
 * UTF-16 text (Windows editors and PowerShell's `>` write it) is full of NUL
 * bytes and would pass for binary data: name it, so the user knows to convert.
 */
function utf16Order(bytes: Buffer): "LE" | "BE" | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "LE";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "BE";
  // Without a byte order mark: ASCII text leaves every other byte NUL.
  const pairs = Math.min(64, Math.floor(bytes.length / 2));
  if (pairs === 0) return undefined;
  let highZero = 0;
  let lowZero = 0;
  for (let pair = 0; pair < pairs; pair++) {
    if (bytes[2 * pair] === 0 && bytes[2 * pair + 1] !== 0) lowZero++;
    if (bytes[2 * pair + 1] === 0 && bytes[2 * pair] !== 0) highZero++;
  }
  if (highZero === pairs) return "LE";
  if (lowZero === pairs) return "BE";
  return undefined;
}

function decodeText(bytes: Buffer, name: string): string {
  const order = utf16Order(bytes);
  if (order !== undefined) fail({ kind: "input-not-text", path: name, found: order === "LE" ? "utf16-le" : "utf16-be" });
  if (bytes.length === 0) fail({ kind: "input-not-text", path: name, found: "empty" });
  if (bytes.includes(0)) fail({ kind: "input-not-text", path: name, found: "binary" });
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return fail({ kind: "input-not-text", path: name, found: "not-utf8" });
  }
  if (!/\S/.test(text)) fail({ kind: "input-not-text", path: name, found: "empty" });
  return text;
}

/**
 * Reads a UTF-8 text file, or stdin when `path` is `-`. Refuses files over
 * `maxBytes` before reading them whole, and anything that is not text.
 */
export function readTextInput(path: string, maxBytes = MAX_INPUT_BYTES): TextInput {
  if (path === "-") {
    const bytes = readAllBounded(0, "<stdin>", maxBytes);
    return { source: "<stdin>", text: decodeText(bytes, "<stdin>") };
  }
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    throw describeOpenError(path, error as NodeJS.ErrnoException);
  }
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) throw describeOpenError(path, Object.assign(new Error(), { code: "EISDIR" }));
    if (stats.isFile() && stats.size > maxBytes) fail({ kind: "input-too-large", path, limitBytes: maxBytes, sizeBytes: stats.size });
    if (!stats.isFile()) return { source: path, text: decodeText(readAllBounded(fd, path, maxBytes), path) };
    return { source: path, text: decodeText(readFileBounded(fd, path, stats.size, maxBytes), path), fileBytes: stats.size };
  } finally {
    closeSync(fd);
  }
}
