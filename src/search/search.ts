import { endpointHost } from "../model/hub/endpoint.js";
import { hubGet, requestContext, type FetchModelOptions } from "../model/hub/hub-get.js";
import { readHitsPage, type SearchHit } from "./hits.js";
import { describeRequest, nextPageUrl, searchUrl, type SearchRequest } from "./query.js";

export interface SearchOutcome {
  hits: SearchHit[];
  /** Pages fetched. */
  pages: number;
}

/**
 * Searches the hub's model list, following `Link: <…>; rel="next"` until
 * `request.limit` results are in or the hub has no more.
 */
export async function searchModels(request: SearchRequest, options: FetchModelOptions, extraFields: readonly string[] = []): Promise<SearchOutcome> {
  const host = endpointHost(options.endpoint);
  const context = requestContext({ kind: "search", query: `(${describeRequest(request)})` }, options);
  const hits: SearchHit[] = [];
  const seen = new Set<string>();
  let url: string | undefined = searchUrl(options.endpoint, request, extraFields);
  let pages = 0;
  while (url !== undefined && hits.length < request.limit) {
    const response = await hubGet(url, context, options);
    pages++;
    const page = readHitsPage(response.body, host);
    // A cursor that goes round in circles must not fill the list with copies.
    const fresh = page.filter((hit) => !seen.has(hit.id));
    for (const hit of fresh) seen.add(hit.id);
    hits.push(...fresh);
    if (fresh.length === 0) break;
    url = nextPageUrl(response.headers.get("link"), url);
  }
  return { hits: hits.slice(0, request.limit), pages };
}
