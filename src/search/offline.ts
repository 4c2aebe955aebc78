import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CATALOGUE_DIR } from "../catalogue/paths.js";
import { allTasks } from "../tasks/catalogue.js";
import type { SearchHit } from "./hits.js";
import type { SearchRequest } from "./query.js";

/*
 * Searching without the hub: the models the catalogue names (each task's
 * recommended and widget models) and the models in the metadata cache. No
 * counts and no provider mapping are known offline, so those filters cannot
 * narrow the list, and the sort is by name.
 */

function emptyHit(id: string, task: string | null): SearchHit {
  return { id, task, library: null, downloads: 0, likes: 0, trending: 0, createdAt: null, providers: [], gated: false };
}

/** Models saved as `org--name.json` in a folder (the catalogue's examples, or a cache's entries), with their task. */
function savedModels(folder: string | undefined): SearchHit[] {
  if (folder === undefined) return [];
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => name.endsWith(".json") && name.includes("--"));
  } catch {
    return [];
  }
  return names.map((name) => {
    const id = name.slice(0, -".json".length).replace("--", "/");
    let task: string | null = null;
    try {
      // A cache entry holds the metadata under `data`; a catalogue example is the metadata itself.
      const entry = JSON.parse(readFileSync(join(folder, name), "utf8")) as { pipeline_tag?: unknown; data?: { pipeline_tag?: unknown } };
      const tag = entry.data?.pipeline_tag ?? entry.pipeline_tag;
      if (typeof tag === "string") task = tag;
    } catch {
      // An unreadable entry still names a model.
    }
    return emptyHit(id, task);
  });
}

/** Every model known offline: the catalogue's examples, each task's recommended and widget models, and the cached ones. */
export function offlineModels(cacheFolder: string | undefined): SearchHit[] {
  const byId = new Map<string, SearchHit>();
  for (const hit of savedModels(join(CATALOGUE_DIR, "models"))) byId.set(hit.id, hit);
  for (const task of allTasks()) {
    for (const id of [...task.models.map((model) => model.id), ...task.widgetModels]) if (!byId.has(id)) byId.set(id, emptyHit(id, task.id));
  }
  for (const hit of savedModels(cacheFolder)) if (!byId.has(hit.id)) byId.set(hit.id, hit);
  return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The offline models a request selects: by text and task (the other filters need the hub). */
export function searchOffline(models: readonly SearchHit[], request: SearchRequest): SearchHit[] {
  const text = request.search?.toLowerCase();
  return models
    .filter((hit) => (text === undefined || hit.id.toLowerCase().includes(text)) && (request.task === undefined || hit.task === request.task))
    .slice(0, request.limit);
}
