/*
 * JSON from a repository, read within bounds before it is parsed: a size
 * cap, and a nesting cap checked by one pass over the text (brackets outside
 * strings), so a hostile file of a million `[` costs a scan, not the stack.
 */

export type BoundedJson = { ok: true; value: unknown } | { ok: false; found: "not-json" } | { ok: false; found: "too-deep"; limit: number };

/** The deepest nesting of `text`'s objects and arrays, counting stops at `limit` + 1. */
export function nestingDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

export function parseBoundedJson(text: string, depthLimit: number): BoundedJson {
  if (nestingDepth(text, depthLimit) > depthLimit) return { ok: false, found: "too-deep", limit: depthLimit };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, found: "not-json" };
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
