/*
 * How a snippet names a file it saves, from the content type the provider (or
 * its file host) answers. Most types name their extension (image/png → png);
 * these are the ones whose usual extension is another word. Every snippet's
 * code holds this table, written by its language's literal formatter, so the
 * languages cannot disagree on a file's name.
 */

/** Content types whose file extension is not their subtype. */
const EXTENSION_BY_CONTENT_TYPE = {
  "image/jpeg": "jpg",
  "audio/mpeg": "mp3",
  "audio/x-wav": "wav",
} as const;

/** The extension of a reply whose type says nothing (none, or no subtype). */
export const UNKNOWN_EXTENSION = "bin";

export type NamedContentType = keyof typeof EXTENSION_BY_CONTENT_TYPE;

/** The table's rows, in its order. */
export function extensionRows(): { contentType: NamedContentType; extension: string }[] {
  return (Object.entries(EXTENSION_BY_CONTENT_TYPE) as [NamedContentType, string][]).map(([contentType, extension]) => ({ contentType, extension }));
}
