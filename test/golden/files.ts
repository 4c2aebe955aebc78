import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { GoldenFile } from "./cases.js";

/*
 * The golden files on disk: what is there, and how the update script brings
 * it in line with what the code makes. Shared by the script and the test, so
 * both see the same set of files.
 */

/** Where the golden files live: test/golden/. */
export const GOLDEN_DIR = fileURLToPath(new URL(".", import.meta.url));

/** The folders the golden files live in; the rest of test/golden/ is code. */
export const GOLDEN_FOLDERS = ["inference", "library", "apps"] as const;

function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [relative(GOLDEN_DIR, path).split(sep).join("/")];
  });
}

/** Every file now in the golden folders, relative to GOLDEN_DIR, sorted. */
export function filesOnDisk(): string[] {
  return GOLDEN_FOLDERS.flatMap((folder) => filesUnder(join(GOLDEN_DIR, folder))).sort();
}

export function readGolden(path: string): string | undefined {
  const file = join(GOLDEN_DIR, path);
  return existsSync(file) ? readFileSync(file, "utf8") : undefined;
}

export interface GoldenChanges {
  written: string[];
  removed: string[];
}

/** Removes a folder left empty by a removal, and the empty ones above it inside the golden folders. */
function pruneEmpty(folder: string): void {
  let current = folder;
  while (relative(GOLDEN_DIR, current).includes(sep) && readdirSync(current).length === 0) {
    rmdirSync(current);
    current = dirname(current);
  }
}

/** Makes the golden folders hold exactly `files`: writes what differs, removes what no case makes, touches nothing else. */
export function updateGolden(files: readonly GoldenFile[]): GoldenChanges {
  const wanted = new Set(files.map((file) => file.path));
  const changes: GoldenChanges = { written: [], removed: [] };
  for (const file of files) {
    if (readGolden(file.path) === file.content) continue;
    const path = join(GOLDEN_DIR, file.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.content);
    changes.written.push(file.path);
  }
  for (const path of filesOnDisk()) {
    if (wanted.has(path)) continue;
    rmSync(join(GOLDEN_DIR, path));
    pruneEmpty(dirname(join(GOLDEN_DIR, path)));
    changes.removed.push(path);
  }
  return changes;
}
