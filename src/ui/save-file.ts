/**
 * Saving a snippet to a file the user names. The file appears whole or not at
 * all (written to a temporary file beside it, then moved into place), and an
 * existing file is replaced only when the caller says so.
 */
import { randomBytes } from "node:crypto";
import { linkSync, renameSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";

export type SaveOutcome =
  | { kind: "saved"; path: string }
  /** Nothing was written: the caller asks before overwriting. */
  | { kind: "exists"; path: string }
  | { kind: "failed"; path: string; message: string };

export interface SaveOptions {
  /** Where a relative name is resolved. */
  cwd: string;
  overwrite: boolean;
  /** For a name starting with "~/". */
  home?: string;
}

export function resolveSavePath(name: string, cwd: string, home: string = homedir()): string {
  const expanded = name === "~" || name.startsWith("~/") ? join(home, name.slice(1)) : name;
  return resolve(cwd, expanded);
}

function errorCode(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error ? String((error as { code: unknown }).code) : undefined;
}

function describe(error: unknown, path: string): string {
  switch (errorCode(error)) {
    case "ENOENT":
      return `folder ${dirname(path)} does not exist`;
    case "EACCES":
    case "EPERM":
      return `no permission to write in ${dirname(path)}`;
    case "EISDIR":
      return `${path} is a folder`;
    case "ENOSPC":
      return "the disk is full";
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

function existingMode(path: string): number | undefined {
  try {
    const stats = statSync(path);
    if (stats.isDirectory()) throw Object.assign(new Error(`${path} is a folder`), { code: "EISDIR" });
    return stats.mode & 0o7777;
  } catch (error) {
    if (errorCode(error) === "ENOENT") return undefined;
    throw error;
  }
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}

/** Moves the finished temporary file to `path` unless something is there already. */
function placeWithoutOverwriting(temporary: string, path: string): boolean {
  try {
    // A hard link fails if the name exists, so no file created meanwhile is lost.
    linkSync(temporary, path);
    removeQuietly(temporary);
    return true;
  } catch (error) {
    if (errorCode(error) === "EEXIST") return false;
    // Some file systems have no hard links: check, then move.
    if (existingMode(path) !== undefined) return false;
    renameSync(temporary, path);
    return true;
  }
}

export function saveSnippet(name: string, content: string, options: SaveOptions): SaveOutcome {
  const path = resolveSavePath(name, options.cwd, options.home);
  if (/[\\/]$/.test(name)) return { kind: "failed", path, message: `${name} names a folder: add a file name` };
  const text = content.endsWith("\n") ? content : `${content}\n`;
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    const mode = existingMode(path);
    if (mode !== undefined && !options.overwrite) return { kind: "exists", path };
    // An overwritten file keeps its permissions.
    writeFileSync(temporary, text, { flag: "wx", mode: mode ?? 0o666 });
    if (options.overwrite) renameSync(temporary, path);
    else if (!placeWithoutOverwriting(temporary, path)) {
      removeQuietly(temporary);
      return { kind: "exists", path };
    }
    return { kind: "saved", path };
  } catch (error) {
    removeQuietly(temporary);
    return { kind: "failed", path, message: describe(error, path) };
  }
}
