import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fail } from "../outcome/problems.js";
import { COMPILED_DATA_DIR } from "./paths.js";

const cache = new Map<string, unknown>();

/**
 * Reads a catalogue part as the build validated it. The type parameter is the
 * part's schema type; the build is what guarantees the shape.
 */
export function readCompiled<T>(name: string): T {
  let data = cache.get(name);
  if (data === undefined) {
    try {
      data = JSON.parse(readFileSync(join(COMPILED_DATA_DIR, `${name}.json`), "utf8"));
    } catch {
      return fail({ kind: "catalogue-damaged", part: name });
    }
    cache.set(name, data);
  }
  return data as T;
}
