import type { Hub } from "../model/hub/hub.js";
import { remoteSource, resolveUrl, type TransferCount } from "../gguf/remote.js";

/*
 * The two reads a safetensors plan makes of a repository, one function each
 * (bytes of a file by range; a JSON file within a size). Both go through
 * the hub: token, deadlines, retries.
 */

export interface RepoLocation {
  hub: Hub;
  id: string;
  /** What the reads cost, for the bench and --json. */
  transfer: TransferCount;
}

function sourceOf(at: RepoLocation, file: string) {
  return remoteSource(resolveUrl(at.hub.endpoint, at.id, file), { kind: "file", id: at.id, file }, at.hub, at.transfer);
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
