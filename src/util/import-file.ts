import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

/**
 * import() of a file found at run time (the models browser's bundle), or of a
 * package the bundle leaves outside (clipboardy). The bundled CLI runs inside vm.Script, for V8's code cache, and
 * there import() needs a Node flag: bin/hubref then hands over its own.
 */
export function importFile(url: string): Promise<unknown> {
  const outside = (globalThis as Record<symbol, ((url: string) => Promise<unknown>) | undefined>)[Symbol.for("hubref.importFile")];
  return outside ? outside(url) : import(url);
}

/**
 * The exports of a CommonJS bundle the build made (the picker's screen). Run by
 * bin/hubref, it comes with a code cache as the CLI's own bundle does; a missing
 * file throws with code MODULE_NOT_FOUND.
 */
export function requireBundle(path: string): unknown {
  const outside = (globalThis as Record<symbol, ((path: string) => unknown) | undefined>)[Symbol.for("hubref.requireBundle")];
  if (!outside) return createRequire(import.meta.url)(path);
  try {
    return outside(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw Object.assign(new Error(`cannot find ${path}`), { code: "MODULE_NOT_FOUND" });
    throw error;
  }
}

/**
 * A CommonJS file the build made beside the running code (a library's generator: scripts/bundle.mjs),
 * loaded with require(), which costs far less than the first import() of an ES module graph.
 */
export function requireFile(url: URL): unknown {
  return createRequire(import.meta.url)(fileURLToPath(url));
}
