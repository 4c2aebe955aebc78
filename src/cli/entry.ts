/*
 * The entry of the one bundle (scripts/bundle.mjs, dist/bundle/hubref.cjs) that the command line, the
 * library and the MCP server all run, so that each module of src/ exists once in a process: one class
 * of each error, one cache of the catalogue. Neither side is loaded until asked for: the command line
 * does not pay for the library's module graph (which loads zod), and a program that imports the library
 * runs no command-line code.
 */

/** Runs the command line on process.argv (bin/hubref). */
export function runCommandLine(): Promise<unknown> {
  return import("./main.js");
}

/** The library's functions (package.json's "exports", through dist/bundle/library.mjs). */
export function loadLibrary(): Promise<typeof import("../api/index.js")> {
  return import("../api/index.js");
}
