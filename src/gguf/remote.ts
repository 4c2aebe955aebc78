import type { FetchModelOptions } from "../model/hub/fetch-model.js";
import type { Subject } from "../outcome/hub-problems.js";
import { hubRequest, withRetries } from "../model/hub/hub-get.js";
import { getBytesWithDeadlines } from "../model/hub/request.js";
import { GgufFormatError } from "./header.js";
import type { ByteSource } from "./read.js";

/*
 * A GGUF file on the hub as a byte source: HTTP range requests on its resolve
 * URL, through the hub client (token, deadlines, retries; fetch drops the
 * token when the file storage is another host).
 */

export function resolveUrl(endpoint: string, id: string, file: string, revision = "main"): string {
  const encode = (path: string) => path.split("/").map(encodeURIComponent).join("/");
  return `${endpoint}/${encode(id)}/resolve/${encodeURIComponent(revision)}/${encode(file)}`;
}

/** What a remote read cost, for the bench and --json. */
export interface TransferCount {
  bytes: number;
  requests: number;
}

export function remoteSource(url: string, subject: Subject, options: FetchModelOptions, count: TransferCount): ByteSource {
  return {
    async read(offset, length) {
      const { context, headers, settings } = hubRequest(subject, options, "*/*");
      headers.range = `bytes=${offset}-${offset + length - 1}`;
      const limits = { ...settings, maxBodyBytes: offset + length };
      const response = await withRetries(
        () => getBytesWithDeadlines(url, headers, limits, true),
        // 416: the range starts past the end of the file.
        (answer) => answer.ok || answer.status === 416,
        context,
        settings,
      );
      count.requests++;
      count.bytes += response.bytes.byteLength;
      if (response.status === 416) return new Uint8Array(0);
      if (response.status === 206) {
        const start = /^bytes (\d+)-/.exec(response.headers.get("content-range") ?? "");
        if (start && Number(start[1]) !== offset) throw new GgufFormatError(`the hub answered bytes from ${start[1]} when asked for bytes from ${offset}`);
        return response.bytes.subarray(0, length);
      }
      // 200: the server ignored the range and sends the file from its start; the reader stopped at offset + length.
      return response.bytes.subarray(offset, offset + length);
    },
  };
}
