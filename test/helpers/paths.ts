import { fileURLToPath } from "node:url";

/** The hubref folder: a test that only reads files of the project imports it from here, not from cli.ts (which builds). */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
