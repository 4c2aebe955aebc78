/**
 * import() of a file found at run time (a library's generator, the picker's
 * bundle), or of a package the bundle leaves outside (clipboardy). The bundled CLI runs inside vm.Script, for V8's code cache, and
 * there import() needs a Node flag: bin/hubref then hands over its own.
 */
export function importFile(url: string): Promise<unknown> {
  const outside = (globalThis as Record<symbol, ((url: string) => Promise<unknown>) | undefined>)[Symbol.for("hubref.importFile")];
  return outside ? outside(url) : import(url);
}
