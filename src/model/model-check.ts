import { createRequire } from "node:module";
import { MODEL_CHECK_FILE } from "../catalogue/paths.js";
import type { MODEL_FORMATS } from "./model-id.js";

/** Fills in zod's defaults in place and says whether zod would accept the value. */
export type ModelCheck = (value: unknown) => boolean;

/**
 * The quick model check the build generated (src/build/model-check.ts), from
 * dist/data/. The bundled CLI has the same file bundled in instead:
 * scripts/bundle.mjs puts a module that imports it in this one's place, so
 * V8's code cache covers it (compiling it at each start cost a few ms).
 */
export function loadModelCheck(): (formats: typeof MODEL_FORMATS) => ModelCheck {
  return createRequire(import.meta.url)(MODEL_CHECK_FILE);
}
