/*
 * A bounded reader of a GGUF header: the key-value section and the tensor
 * infos, never the weights. Every count and length read from the file is
 * checked against what the bytes still allowed could hold before anything is
 * allocated, so a hostile header fails with one message instead of a huge
 * allocation or a long loop.
 */

/** The value types of the format, by their numeric id. */
const GGUF_VALUE_TYPES = ["uint8", "int8", "uint16", "int16", "uint32", "int32", "float32", "bool", "string", "array", "uint64", "int64", "float64"] as const;
export type GgufValueType = (typeof GGUF_VALUE_TYPES)[number];

const FIXED_SIZE: Partial<Record<GgufValueType, number>> = {
  uint8: 1,
  int8: 1,
  bool: 1,
  uint16: 2,
  int16: 2,
  uint32: 4,
  int32: 4,
  float32: 4,
  uint64: 8,
  int64: 8,
  float64: 8,
};

/** "GGUF" read as a little-endian 32-bit number. */
const MAGIC = 0x46554747;

export interface GgufLimits {
  /** The header may not reach past this many bytes from the start of the file. */
  maxBytes: number;
  /** Most key-value pairs and tensors; real files have a few dozen and a few thousand. */
  maxEntries: number;
  /** Arrays nest at most this deep (real files never nest). */
  maxDepth: number;
  /** Numeric arrays up to this length are kept (per-layer values); longer ones only have their length recorded. */
  maxKeptArray: number;
  /** Strings up to this length are kept; longer ones (chat templates) only have their length recorded. */
  maxKeptString: number;
}

export const DEFAULT_GGUF_LIMITS: GgufLimits = {
  maxBytes: 64_000_000,
  maxEntries: 1_000_000,
  maxDepth: 4,
  maxKeptArray: 65_536,
  maxKeptString: 4_096,
};

/** A value as kept: numbers, short strings, short numeric arrays; what is skipped keeps its type and length. */
export type GgufValue = number | boolean | string | number[] | boolean[] | { skipped: GgufValueType; length: number };

/** Sizes of tensor types, by numeric id: `blockSize` weights take `bytesPerBlock` bytes. */
export type TensorSizes = ReadonlyMap<number, { blockSize: number; bytesPerBlock: number }>;

export interface GgufHeader {
  version: number;
  metadata: Map<string, GgufValue>;
  tensorCount: number;
  /** Bytes of the tensors of each block (`blk.N.`), by N; other tensors (embeddings, output) in `otherTensorBytes`. */
  layerTensorBytes: number[];
  /** Of each block's bytes, its expert tensors' (`*_exps`): what llama.cpp's --n-cpu-moe keeps in system memory. */
  layerExpertBytes: number[];
  otherTensorBytes: number;
  /** Of the other bytes, the token embedding's: llama.cpp keeps it in system memory wherever the layers run. */
  tokenEmbeddingBytes: number;
  /** Where the last tensor's data ends, counted from the start of the data section (the file size check). */
  tensorDataEnd: number;
  /** Tensors whose type the size table does not know (their bytes are not counted). */
  unknownTensorTypes: number;
  /** Where the header ends: the bytes that had to be read. */
  headerBytes: number;
}

/** The header is cut off before this many bytes; the reader fetches more and tries again. */
export class NeedMoreBytes extends Error {
  constructor(
    readonly needed: number,
    readonly section: string,
  ) {
    super(`the header needs ${needed} bytes (in ${section})`);
    this.name = "NeedMoreBytes";
  }
}

/** The bytes are not a GGUF header hubref can read. */
export class GgufFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GgufFormatError";
  }
}

class Cursor {
  offset = 0;
  section = "the file magic";
  private readonly view: DataView;
  constructor(
    private readonly bytes: Uint8Array,
    private readonly limits: GgufLimits,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  need(count: number): void {
    const end = this.offset + count;
    if (end > this.limits.maxBytes) {
      throw new GgufFormatError(`the header of ${this.section} reaches past byte ${this.limits.maxBytes.toLocaleString("en-US")}, hubref's cap for a header`);
    }
    if (end > this.bytes.byteLength) throw new NeedMoreBytes(end, this.section);
  }

  u32(): number {
    this.need(4);
    const value = this.view.getUint32(this.offset, true);
    this.offset += 4;
    return value;
  }

  /** A 64-bit count or length, refused above `max` before it becomes a number. */
  count(what: string, max: number): number {
    this.need(8);
    const value = this.view.getBigUint64(this.offset, true);
    this.offset += 8;
    if (value > BigInt(max)) throw new GgufFormatError(`${what} is ${value.toLocaleString("en-US")}, more than ${this.section} can hold within hubref's cap`);
    return Number(value);
  }

  skip(count: number): void {
    this.need(count);
    this.offset += count;
  }

  /** The bytes left under the cap: no length read from the file may exceed them. */
  room(): number {
    return this.limits.maxBytes - this.offset;
  }

  string(keep: boolean): string | { skipped: "string"; length: number } {
    const length = this.count("a string's length", this.room());
    this.need(length);
    const start = this.offset;
    this.offset += length;
    if (!keep || length > this.limits.maxKeptString) return { skipped: "string", length };
    return new TextDecoder().decode(this.bytes.subarray(start, start + length));
  }

  scalar(type: GgufValueType): number | boolean {
    const size = FIXED_SIZE[type]!;
    this.need(size);
    const at = this.offset;
    this.offset += size;
    const view = this.view;
    switch (type) {
      case "uint8":
        return view.getUint8(at);
      case "int8":
        return view.getInt8(at);
      case "bool":
        return view.getUint8(at) !== 0;
      case "uint16":
        return view.getUint16(at, true);
      case "int16":
        return view.getInt16(at, true);
      case "uint32":
        return view.getUint32(at, true);
      case "int32":
        return view.getInt32(at, true);
      case "float32":
        return view.getFloat32(at, true);
      case "uint64":
        return Number(view.getBigUint64(at, true));
      case "int64":
        return Number(view.getBigInt64(at, true));
      default:
        return view.getFloat64(at, true);
    }
  }
}

function valueType(cursor: Cursor): GgufValueType {
  const id = cursor.u32();
  const type = GGUF_VALUE_TYPES[id];
  if (type === undefined) throw new GgufFormatError(`${cursor.section} has an unknown value type ${id}`);
  return type;
}

function readValue(cursor: Cursor, type: GgufValueType, depth: number, limits: GgufLimits): GgufValue {
  if (type === "string") return cursor.string(true);
  if (type !== "array") return cursor.scalar(type);
  if (depth >= limits.maxDepth) throw new GgufFormatError(`${cursor.section} nests arrays more than ${limits.maxDepth} deep`);
  const itemType = valueType(cursor);
  const itemSize = FIXED_SIZE[itemType];
  // A string takes at least its 8-byte length, an array its type and length.
  const minItem = itemSize ?? (itemType === "string" ? 8 : 12);
  const length = cursor.count("an array's length", Math.floor(cursor.room() / minItem));
  if (itemSize !== undefined) {
    if (length > limits.maxKeptArray) {
      cursor.skip(length * itemSize);
      return { skipped: itemType, length };
    }
    const items: (number | boolean)[] = [];
    for (let index = 0; index < length; index++) items.push(cursor.scalar(itemType));
    return items as number[] | boolean[];
  }
  // Arrays of strings (the vocabulary, merges) are walked, not kept: only their length matters here.
  for (let index = 0; index < length; index++) {
    if (itemType === "string") cursor.string(false);
    else readValue(cursor, itemType, depth + 1, limits);
  }
  return { skipped: itemType, length };
}

const LAYER = /^blk\.(\d+)\./;
const EXPERTS = /_exps\.(weight|bias)$/;

/**
 * Parses the header at the start of `bytes`. Throws NeedMoreBytes when the
 * bytes end inside it, GgufFormatError when it is not a header hubref reads.
 */
export function parseGgufHeader(bytes: Uint8Array, tensorSizes: TensorSizes, limits: GgufLimits = DEFAULT_GGUF_LIMITS): GgufHeader {
  const cursor = new Cursor(bytes, limits);
  cursor.need(4);
  const magic = cursor.u32();
  if (magic !== MAGIC) throw new GgufFormatError("not a GGUF file: it does not start with the bytes 'GGUF'");
  cursor.section = "the version";
  const version = cursor.u32();
  // Version 1 had 32-bit lengths and is long gone; a byte-swapped version means a big-endian file.
  if (version !== 2 && version !== 3) {
    const hint = version > 0xffff ? " (a big-endian file, which hubref does not read)" : "";
    throw new GgufFormatError(`GGUF version ${version} is not one hubref reads (2 or 3)${hint}`);
  }
  cursor.section = "the counts";
  // A tensor info takes at least 24 bytes, a key-value pair at least 13.
  const tensorCount = cursor.count("the tensor count", Math.min(limits.maxEntries, Math.floor(cursor.room() / 24)));
  const kvCount = cursor.count("the key-value count", Math.min(limits.maxEntries, Math.floor(cursor.room() / 13)));

  const metadata = new Map<string, GgufValue>();
  for (let index = 0; index < kvCount; index++) {
    cursor.section = `key-value pair ${index + 1} of ${kvCount}`;
    const key = cursor.string(true);
    if (typeof key !== "string") throw new GgufFormatError(`${cursor.section} has a key of ${key.length.toLocaleString("en-US")} bytes`);
    cursor.section = `the value of '${key.slice(0, 80)}'`;
    metadata.set(key, readValue(cursor, valueType(cursor), 0, limits));
  }

  const layerTensorBytes: number[] = [];
  const layerExpertBytes: number[] = [];
  let otherTensorBytes = 0;
  let tokenEmbeddingBytes = 0;
  let tensorDataEnd = 0;
  let unknownTensorTypes = 0;
  for (let index = 0; index < tensorCount; index++) {
    cursor.section = `tensor info ${index + 1} of ${tensorCount}`;
    const name = cursor.string(true);
    const dimensions = cursor.u32();
    if (dimensions > 8) throw new GgufFormatError(`${cursor.section} has ${dimensions} dimensions`);
    let elements = 1;
    for (let axis = 0; axis < dimensions; axis++) elements *= cursor.count("a tensor dimension", Number.MAX_SAFE_INTEGER);
    const typeId = cursor.u32();
    const offset = cursor.count("a tensor's data offset", Number.MAX_SAFE_INTEGER);
    const size = tensorSizes.get(typeId);
    if (!size) {
      unknownTensorTypes++;
      continue;
    }
    const bytes = Math.ceil(elements / size.blockSize) * size.bytesPerBlock;
    tensorDataEnd = Math.max(tensorDataEnd, offset + bytes);
    const tensorName = typeof name === "string" ? name : "";
    const layer = LAYER.exec(tensorName);
    if (layer) {
      const at = Number(layer[1]);
      // The block number indexes an array: one beyond any real model's count is hostile.
      if (at >= 100_000) throw new GgufFormatError(`${cursor.section} names block ${at}`);
      while (layerTensorBytes.length <= at) {
        layerTensorBytes.push(0);
        layerExpertBytes.push(0);
      }
      layerTensorBytes[at]! += bytes;
      if (EXPERTS.test(tensorName)) layerExpertBytes[at]! += bytes;
    } else {
      otherTensorBytes += bytes;
      if (tensorName.startsWith("token_embd.")) tokenEmbeddingBytes += bytes;
    }
  }
  return {
    version,
    metadata,
    tensorCount,
    layerTensorBytes,
    layerExpertBytes,
    otherTensorBytes,
    tokenEmbeddingBytes,
    tensorDataEnd,
    unknownTensorTypes,
    headerBytes: cursor.offset,
  };
}

/** The size table from the catalogue's tensor types. */
export function tensorSizesOf(types: readonly { id: number; blockSize: number; bytesPerBlock: number }[]): TensorSizes {
  return new Map(types.map((type) => [type.id, { blockSize: type.blockSize, bytesPerBlock: type.bytesPerBlock }]));
}
