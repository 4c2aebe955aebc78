import { DEFAULT_GGUF_LIMITS, GgufFormatError, NeedMoreBytes, parseGgufHeader, type GgufHeader, type GgufLimits, type TensorSizes } from "./header.js";

/*
 * Reading a header from where the file is: the bytes are fetched in growing
 * pieces (a first piece, then at least doubling), and the header is parsed
 * again over what has arrived until it is whole. Parsing is cheap next to a
 * round trip, so nothing is kept between tries.
 */

/** Where the bytes come from: a range of the file, possibly shorter at its end. */
export interface ByteSource {
  /** Up to `length` bytes from `offset`; fewer only at the end of the file. */
  read(offset: number, length: number): Promise<Uint8Array>;
}

export interface ReadSettings {
  limits: GgufLimits;
  /** The first piece: enough for most headers of 32k-token vocabularies. */
  firstBytes: number;
}

const DEFAULT_READ_SETTINGS: ReadSettings = { limits: DEFAULT_GGUF_LIMITS, firstBytes: 2_000_000 };

export interface ReadResult {
  header: GgufHeader;
  /** Bytes fetched in all. */
  fetched: number;
  /** Reads made. */
  reads: number;
}

export async function readGgufHeader(source: ByteSource, tensorSizes: TensorSizes, settings: Partial<ReadSettings> = {}): Promise<ReadResult> {
  const { limits, firstBytes } = { ...DEFAULT_READ_SETTINGS, ...settings };
  let buffer = new Uint8Array(0);
  let reads = 0;
  let wanted = Math.min(firstBytes, limits.maxBytes);
  for (;;) {
    const piece = await source.read(buffer.byteLength, wanted - buffer.byteLength);
    reads++;
    const joined = new Uint8Array(buffer.byteLength + piece.byteLength);
    joined.set(buffer);
    joined.set(piece, buffer.byteLength);
    const ended = joined.byteLength < wanted;
    buffer = joined;
    try {
      return { header: parseGgufHeader(buffer, tensorSizes, limits), fetched: buffer.byteLength, reads };
    } catch (error) {
      if (!(error instanceof NeedMoreBytes)) throw error;
      if (ended)
        throw new GgufFormatError(`the file ends at byte ${buffer.byteLength.toLocaleString("en-US")}, inside ${error.section}: the header is truncated`);
      // The parser caps every length at limits.maxBytes, so `needed` never passes it.
      wanted = Math.min(limits.maxBytes, Math.max(error.needed, wanted * 2));
    }
  }
}

/** The bytes of a buffer, as a source (tests, stdin). */
export function bufferSource(bytes: Uint8Array): ByteSource {
  return { read: async (offset, length) => bytes.subarray(offset, offset + length) };
}
