import { openSync, readSync, closeSync, fstatSync } from "node:fs";
import { usageError } from "../errors.js";
import { formatBytes } from "./bytes.js";

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
  if (total > maxBytes) {
    throw usageError(`${name}: input is over the ${formatBytes(maxBytes)} limit`, "model metadata files are small; check that this is the right file");
  }
  return scratch.subarray(0, total);
}

/** A text read from a file or stdin, with the name used in error messages. */
interface TextInput {
  source: string;
  text: string;
  /** The file's size, when it is a regular file (which can be read again): not stdin, a pipe or a device. */
  fileBytes?: number;
}

function describeOpenError(path: string, error: NodeJS.ErrnoException) {
  switch (error.code) {
    case "ENOENT":
      return usageError(`${path}: no such file`, "check the path, or pass a hub model id");
    case "EISDIR":
      return usageError(`${path}: is a directory, not a file`, "pass the path of a JSON file inside it");
    case "EACCES":
    case "EPERM":
      return usageError(`${path}: permission denied`, "make the file readable, or pipe it through stdin with `-`");
    case "ENOTDIR":
      return usageError(`${path}: a parent of this path is not a directory`);
    default:
      return usageError(`${path}: cannot read the file (${error.code ?? error.message})`);
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
    if (total > maxBytes) {
      throw usageError(`${name}: input is over the ${formatBytes(maxBytes)} limit`, "model metadata files are small; check that this is the right file");
    }
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
  if (order !== undefined) {
    throw usageError(
      `${name}: the text is UTF-16 (${order === "LE" ? "little" : "big"}-endian), not UTF-8`,
      `convert it, e.g. iconv -f UTF-16${order} -t UTF-8 < FILE > model.json`,
    );
  }
  const empty = () => usageError(`${name}: the input is empty`, "expected a JSON object with at least an `id` field");
  if (bytes.length === 0) throw empty();
  if (bytes.includes(0)) {
    throw usageError(`${name}: binary data, not a JSON text file`);
  }
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    throw usageError(`${name}: not valid UTF-8 text (binary data?)`);
  }
  if (!/\S/.test(text)) throw empty();
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
    if (stats.isFile() && stats.size > maxBytes) {
      throw usageError(
        `${path}: file is ${formatBytes(stats.size)}, over the ${formatBytes(maxBytes)} limit`,
        "model metadata files are small; check that this is the right file",
      );
    }
    if (!stats.isFile()) return { source: path, text: decodeText(readAllBounded(fd, path, maxBytes), path) };
    return { source: path, text: decodeText(readFileBounded(fd, path, stats.size, maxBytes), path), fileBytes: stats.size };
  } finally {
    closeSync(fd);
  }
}
