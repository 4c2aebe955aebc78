import type { TemplateFunction } from "./template-source.js";

/*
 * The snippet templates compiled to JavaScript functions by the build. This
 * file is a stand-in: scripts/bundle.mjs puts the generated module
 * (src/build/templates.ts) in its place in the bundle, so the CLI runs no
 * template compiler. Run from source or from unbundled dist/, it is empty,
 * and templates.ts compiles each template with eta on first use.
 */
export const COMPILED_TEMPLATES: Readonly<Record<string, TemplateFunction>> | undefined = undefined;
