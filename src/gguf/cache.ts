import { schemaEntry } from "../model/hub/model-entry.js";
import { GgufFactsSchema } from "./facts.js";

/*
 * Facts read from GGUF headers, kept in the hub's cache (one entry per file
 * of a repository), so --offline can estimate without the network. A header
 * does not change under a file name unless the file is uploaded again;
 * --refresh reads it again. Version 3: one entry per file, in the store's envelope.
 */
export const GGUF_ENTRY = schemaEntry("gguf", 3, GgufFactsSchema);
