import { openSync, readSync, closeSync, fstatSync } from "node:fs";
import { usageError } from "../errors.js";

export const MAX_INPUT_BYTES = 10 * 1024 * 1024;

/** A text read from a file or stdin, with the name used in error messages. */
export interface TextInput {
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
      // A non-blocking stdin with nothing written yet: wait by trying again.
      if (errno.code === "EAGAIN") continue;
      if (errno.code === "EOF") break;
      throw describeOpenError(name, errno);
    }
    if (count === 0) break;
    total += count;
    if (total > maxBytes) {
      throw usageError(`${name}: input is larger than ${maxBytes / (1024 * 1024)} MB`, "model metadata files are small; check that this is the right file");
    }
    chunks.push(Buffer.from(chunk.subarray(0, count)));
  }
  return Buffer.concat(chunks, total);
}

function decodeText(bytes: Buffer, name: string): string {
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

function tooLarge(path: string, size: number, maxBytes: number) {
  return usageError(`${path}: file is ${(size / (1024 * 1024)).toFixed(1)} MB, over the ${maxBytes / (1024 * 1024)} MB limit`, "model metadata files are small; check that this is the right file");
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
    if (stats.isFile() && stats.size > maxBytes) throw tooLarge(path, stats.size, maxBytes);
    return { source: path, text: decodeText(readAllBounded(fd, path, maxBytes), path) };
  } finally {
    closeSync(fd);
  }
}

