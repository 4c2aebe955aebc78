import { readCompiled } from "../catalogue/compiled.js";
import type { App } from "../build/schemas/app.js";
import type { AppKey } from "./app-keys.js";

export interface AppEntry extends App {
  key: AppKey;
}

/** Every local app, in catalogue order; the build checked the keys against APP_KINDS. */
export function appEntries(): AppEntry[] {
  return Object.entries(readCompiled<Record<AppKey, App>>("apps")).map(([key, app]) => ({ key: key as AppKey, ...app }));
}
