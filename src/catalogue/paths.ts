import { fileURLToPath } from "node:url";
import { join } from "node:path";

/** The hubref folder: src/catalogue/ and dist/catalogue/ both sit two levels below it (and dist/bundle/ too). */
export const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const CATALOGUE_DIR = join(PROJECT_ROOT, "catalogue");
export const TEMPLATES_DIR = join(PROJECT_ROOT, "templates");
/** Validated catalogue data, written by the build (src/build/build.ts). */
export const COMPILED_DATA_DIR = join(PROJECT_ROOT, "dist", "data");
