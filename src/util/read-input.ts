import { openSync, readSync, closeSync, fstatSync } from "node:fs";
import { usageError } from "../errors.js";
import { megabytes } from "./megabytes.js";

const MAX_INPUT_BYTES = 10 * 1024 * 1024;

const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/** A text read from a file or stdin, with the name used in error messages. */
interface TextInput {
  source: string;
  text: string;
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
      throw usageError(`${name}: input is over the ${megabytes(maxBytes)} limit`, "model metadata files are small; check that this is the right file");
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
  if (bytes.length === 0 || bytes.toString("utf8").trim() === "") {
    throw usageError(`${name}: the input is empty`, "expected a JSON object with at least an `id` field");
  }
  if (bytes.includes(0)) {
    throw usageError(`${name}: binary data, not a JSON text file`);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw usageError(`${name}: not valid UTF-8 text (binary data?)`);
  }
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
        `${path}: file is ${megabytes(stats.size)}, over the ${megabytes(maxBytes)} limit`,
        "model metadata files are small; check that this is the right file",
      );
    }
    return { source: path, text: decodeText(readAllBounded(fd, path, maxBytes), path) };
  } finally {
    closeSync(fd);
  }
}
