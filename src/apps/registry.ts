import { readCompiled } from "../catalogue/compiled.js";
import type { App, AppCatalogue } from "../build/schemas/app.js";

export interface AppEntry extends App {
  key: string;
}

/** Every local app, in catalogue order. */
export function appEntries(): AppEntry[] {
  return Object.entries(readCompiled<AppCatalogue>("apps")).map(([key, app]) => ({ key, ...app }));
}
