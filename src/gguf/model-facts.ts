import { endpointHost, hubEndpoint, hubToken } from "../model/hub/endpoint.js";
import type { HubFetchSettings } from "../model/hub/fetch-model.js";
import { startSpinner } from "../model/hub/spinner.js";
import type { OutputStream } from "../output/output.js";
import { quantCatalogue } from "../quant/catalogue.js";
import { ggufCacheSlot, readGgufCache, writeGgufCache } from "./cache.js";
import { factsOfHeader, type GgufFacts } from "./facts.js";
import { tensorSizesOf } from "./header.js";
import { readGgufHeader, type ReadSettings } from "./read.js";
import { readFailure, remoteSource, resolveUrl, type TransferCount } from "./remote.js";

export interface FactsRequest {
  env: NodeJS.ProcessEnv;
  offline?: boolean;
  refresh?: boolean;
  stderr?: OutputStream;
  fetch?: Partial<HubFetchSettings>;
  read?: Partial<ReadSettings>;
}

/** The facts of one file's header, or why there are none (said in a note; the estimate then counts sizes only). */
export type FactsOutcome = { facts: GgufFacts; from: "cache" | "hub"; transfer?: TransferCount } | { facts?: undefined; reason: string };

/** The header facts of `file` in hub repository `id`: from the cache unless --refresh, else read from the hub unless --offline. */
export async function headerFacts(id: string, file: string, request: FactsRequest): Promise<FactsOutcome> {
  const endpoint = hubEndpoint(request.env);
  const token = hubToken(request.env);
  const slot = ggufCacheSlot(request.env, endpoint, id);
  if (slot && !request.refresh) {
    const cached = (await readGgufCache(slot))[file];
    if (cached) return { facts: cached, from: "cache" };
  }
  if (request.offline) return { reason: `the header of ${file} is not in the cache, and --offline forbids reading it` };
  const transfer: TransferCount = { bytes: 0, requests: 0 };
  const source = remoteSource(
    resolveUrl(endpoint, id, file),
    id,
    { endpoint, ...(token ? { token } : {}), ...(request.fetch ? { settings: request.fetch } : {}) },
    transfer,
  );
  const spinner = startSpinner(request.stderr ?? { write: () => undefined }, `reading the GGUF header of ${file} from ${endpointHost(endpoint)}`, request.env);
  let facts: GgufFacts;
  try {
    const { header } = await readGgufHeader(source, tensorSizesOf(quantCatalogue().tensorTypes), request.read);
    facts = factsOfHeader(header);
  } catch (error) {
    return { reason: `cannot read the GGUF header of ${file}: ${readFailure(error)}` };
  } finally {
    spinner.stop();
  }
  if (slot) await writeGgufCache(slot, file, facts);
  return { facts, from: "hub", transfer };
}
