import type { HubFetchSettings } from "../model/hub/fetch-model.js";
import { remoteSource, resolveUrl, type TransferCount } from "../gguf/remote.js";

/*
 * The two reads a safetensors plan makes of a repository, one function each
 * (bytes of a file by range; a JSON file within a size), so where they go
 * (today the hub client's range reads, later one cache store) changes here
 * only. Both go through the hub client: token, deadlines, retries.
 */

export interface RepoLocation {
  endpoint: string;
  id: string;
  token?: string;
  fetch?: Partial<HubFetchSettings>;
  /** What the reads cost, for the bench and --json. */
  transfer: TransferCount;
}

function sourceOf(at: RepoLocation, file: string) {
  return remoteSource(
    resolveUrl(at.endpoint, at.id, file),
    at.id,
    { endpoint: at.endpoint, ...(at.token ? { token: at.token } : {}), ...(at.fetch ? { settings: at.fetch } : {}) },
    at.transfer,
  );
}

/** Up to `length` bytes of `file` from `offset` (fewer at the end of the file). */
export function readFileRange(at: RepoLocation, file: string, offset: number, length: number): Promise<Uint8Array> {
  return sourceOf(at, file).read(offset, length);
}

/** The text of a JSON file, or `undefined` when it is longer than `maxBytes`. */
export async function readRepoJson(at: RepoLocation, file: string, maxBytes: number): Promise<string | undefined> {
  const bytes = await sourceOf(at, file).read(0, maxBytes + 1);
  if (bytes.byteLength > maxBytes) return undefined;
  return new TextDecoder("utf-8").decode(bytes);
}
