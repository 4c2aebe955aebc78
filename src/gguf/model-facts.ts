import type { Hub } from "../model/hub/hub.js";
import { isHubProblem } from "../outcome/hub-problems.js";
import type { HeaderUnread } from "../outcome/local-problems.js";
import { isFailure } from "../outcome/problems.js";
import { quantCatalogue } from "../quant/catalogue.js";
import { GGUF_ENTRY } from "./cache.js";
import { factsOfHeader, type GgufFacts } from "./facts.js";
import { GgufFormatError, tensorSizesOf } from "./header.js";
import { readGgufHeader, type ReadSettings } from "./read.js";
import { remoteSource, resolveUrl, type TransferCount } from "./remote.js";

export interface FactsRequest {
  hub: Hub;
  read?: Partial<ReadSettings>;
}

/** The facts of one file's header, or why there are none (said in a note; the estimate then counts sizes only). */
export type FactsOutcome = { facts: GgufFacts; from: "cache" | "hub"; transfer?: TransferCount } | { facts?: undefined; file: string; unread: HeaderUnread };

/** The header facts of `file` in hub repository `id`, through the hub's cache. */
export async function headerFacts(id: string, file: string, request: FactsRequest): Promise<FactsOutcome> {
  const { hub } = request;
  let from = "cache" as "cache" | "hub";
  const transfer: TransferCount = { bytes: 0, requests: 0 };
  try {
    const facts = await hub.cache.through(GGUF_ENTRY, { origin: hub.endpoint, key: `${id}/${file}`, thing: { kind: "file", id, file } }, async () => {
      from = "hub";
      const source = remoteSource(resolveUrl(hub.endpoint, id, file), { kind: "file", id, file }, hub, transfer);
      const end = hub.progress.begin({ kind: "reading-header", file, host: hub.host });
      try {
        return factsOfHeader((await readGgufHeader(source, tensorSizesOf(quantCatalogue().tensorTypes), request.read)).header);
      } finally {
        end();
      }
    });
    return from === "hub" ? { facts, from, transfer } : { facts, from };
  } catch (error) {
    if (error instanceof GgufFormatError) return { file, unread: { kind: "format", detail: error.message } };
    if (isFailure(error) && isHubProblem(error.problem)) return { file, unread: { kind: "hub", problem: error.problem } };
    throw error;
  }
}
