import type { CacheKind } from "../model/hub/store.js";
import { GgufFactsSchema, type GgufFacts } from "./facts.js";

/*
 * Facts read from GGUF headers, kept in the hub's cache (one entry per file
 * of a repository), so --offline can estimate without the network. A header
 * does not change under a file name unless the file is uploaded again;
 * --refresh reads it again.
 */
export const GGUF_ENTRY: CacheKind<GgufFacts> = {
  folder: "gguf",
  // 3: one entry per file, in the store's envelope.
  version: 3,
  parse(value) {
    const parsed = GgufFactsSchema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  },
};
