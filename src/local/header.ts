import type { GgufFacts } from "../gguf/facts.js";
import type { HeaderUnread } from "../outcome/local-problems.js";
import type { DetectRequest } from "../hardware/detect.js";
import type { Hub } from "../model/hub/hub.js";
import type { ModelData } from "../model/schema.js";
import type { GgufRepo } from "../apps/gguf-files.js";
import { isUnloadable } from "../apps/select.js";

/*
 * The one place a local run reads from outside: the repository's GGUF header
 * (from the hub's cache, else by range requests to the hub) and, for --fits
 * auto, this machine. A model given as a metadata file names its repository,
 * so its header is read from the hub as a hub id's is; when the hub cannot be
 * reached, the run has no header, and says so rather than guess the cache.
 */

/** How a local run reaches the hub and the machine. */
export interface LocalHub {
  hub: Hub;
  /** How --fits auto looks at this machine (the environment its tools run with). */
  detect?: DetectRequest;
  /** Reads the header another way (a header in hand): in place of the hub. */
  header?: (model: ModelData, file: string) => Promise<HeaderRead>;
}

export type HeaderMissing = { kind: "no-gguf-file" } | { kind: "unreadable"; file: string; unread: HeaderUnread };

export type HeaderRead = { facts: GgufFacts; file: string } | { facts?: undefined; missing: HeaderMissing };

/** The file whose header stands for the repository (every quant shares its architecture): the smallest loadable variant's first shard. */
export function headerFile(repo: GgufRepo): string | undefined {
  const unloadable = new Set(repo.groups.filter(isUnloadable).flatMap((group) => group.variants));
  const sized = [...repo.variants].sort(
    (a, b) => Number(unloadable.has(a)) - Number(unloadable.has(b)) || (a.size ?? Number.POSITIVE_INFINITY) - (b.size ?? Number.POSITIVE_INFINITY),
  );
  return sized[0]?.file;
}

/**
 * The repository's header, or why there is none. `fromFile`: the model was
 * given as metadata, so the read is a try (no retries): the hub may not know
 * the repository, or may not be reachable at all.
 */
export async function readRepositoryHeader(model: ModelData, repo: GgufRepo, access: LocalHub, fromFile: boolean): Promise<HeaderRead> {
  const file = headerFile(repo);
  if (file === undefined) return { missing: { kind: "no-gguf-file" } };
  if (access.header) return access.header(model, file);
  const { headerFacts } = await import("../gguf/model-facts.js");
  const hub = fromFile ? { ...access.hub, settings: { ...access.hub.settings, retries: 0 } } : access.hub;
  const outcome = await headerFacts(model.id, file, { hub });
  return outcome.facts ? { facts: outcome.facts, file } : { missing: { kind: "unreadable", file, unread: outcome.unread } };
}
