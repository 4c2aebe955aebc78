import { readCompiled } from "../catalogue/compiled.js";
import { closestMatch } from "../util/suggest.js";
import { fail } from "../outcome/problems.js";
import type { App } from "../build/schemas/app.js";
import type { AppKey } from "./app-keys.js";

export interface AppEntry extends App {
  key: AppKey;
}

/** Every local app, in catalogue order; the build checked the keys against APP_KINDS. */
export function appEntries(): AppEntry[] {
  return Object.entries(readCompiled<Record<AppKey, App>>("apps")).map(([key, app]) => ({ key: key as AppKey, ...app }));
}

/** The app a user named, in any case; an unknown name is a problem with the nearest key. */
export function findApp(key: string, apps: AppEntry[] = appEntries()): AppEntry {
  const app = apps.find((candidate) => candidate.key === key) ?? apps.find((candidate) => candidate.key === key.toLowerCase());
  if (app) return app;
  const suggestion = closestMatch(
    key,
    apps.map((candidate) => candidate.key),
  );
  fail({ kind: "unknown-app", text: key, ...(suggestion !== undefined && { suggestion }) });
}
