/*
 * A small GGUF writer for tests: real headers with any metadata, tensor infos
 * with real shapes and no tensor data (the header is all that is read). Kept
 * in TypeScript, not the Python gguf package, because the hostile headers need
 * byte-level control anyway and the suite then needs no Python package.
 */

export type Value =
  | { type: "uint8" | "int8" | "uint16" | "int16" | "uint32" | "int32" | "float32" | "float64" | "bool"; value: number | boolean }
  | { type: "uint64" | "int64"; value: bigint }
  | { type: "string"; value: string }
  | { type: "array"; itemType: Value["type"]; items: Value[] };

const TYPE_IDS = {
  uint8: 0,
  int8: 1,
  uint16: 2,
  int16: 3,
  uint32: 4,
  int32: 5,
  float32: 6,
  bool: 7,
  string: 8,
  array: 9,
  uint64: 10,
  int64: 11,
  float64: 12,
} as const;

export const u32 = (value: number): Value => ({ type: "uint32", value });
export const f32 = (value: number): Value => ({ type: "float32", value });
export const bool = (value: boolean): Value => ({ type: "bool", value });
export const str = (value: string): Value => ({ type: "string", value });
export const u32s = (values: number[]): Value => ({ type: "array", itemType: "uint32", items: values.map(u32) });
export const i32s = (values: number[]): Value => ({ type: "array", itemType: "int32", items: values.map((value) => ({ type: "int32", value })) });
export const f32s = (values: number[]): Value => ({ type: "array", itemType: "float32", items: values.map(f32) });
export const bools = (values: boolean[]): Value => ({ type: "array", itemType: "bool", items: values.map(bool) });
export const strs = (values: string[]): Value => ({ type: "array", itemType: "string", items: values.map(str) });

/** Tensor types by id, as the catalogue numbers them. */
export const TENSOR_TYPE = { F32: 0, F16: 1, Q4_0: 2, Q8_0: 8, Q4_K: 12, Q6_K: 14 } as const;

export interface TensorInfo {
  name: string;
  /** Innermost first, as the file stores them. */
  dims: number[];
  type: number;
}

/** Bytes in little-endian order, appended piece by piece. */
export class ByteWriter {
  private readonly chunks: Buffer[] = [];
  get length(): number {
    return this.chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  }
  bytes(data: Uint8Array): this {
    this.chunks.push(Buffer.from(data));
    return this;
  }
  u32(value: number): this {
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32LE(value);
    return this.bytes(buffer);
  }
  u64(value: bigint | number): this {
    const buffer = Buffer.alloc(8);
    buffer.writeBigUInt64LE(BigInt(value));
    return this.bytes(buffer);
  }
  string(text: string): this {
    const data = Buffer.from(text, "utf8");
    return this.u64(data.byteLength).bytes(data);
  }
  value(value: Value): this {
    const buffer = (size: number, write: (b: Buffer) => void) => {
      const b = Buffer.alloc(size);
      write(b);
      return this.bytes(b);
    };
    switch (value.type) {
      case "string":
        return this.string(value.value);
      case "array":
        this.u32(TYPE_IDS[value.itemType]).u64(value.items.length);
        for (const item of value.items) this.value(item);
        return this;
      case "uint64":
        return buffer(8, (b) => b.writeBigUInt64LE(value.value));
      case "int64":
        return buffer(8, (b) => b.writeBigInt64LE(value.value));
      case "uint8":
        return buffer(1, (b) => b.writeUInt8(Number(value.value)));
      case "int8":
        return buffer(1, (b) => b.writeInt8(Number(value.value)));
      case "bool":
        return buffer(1, (b) => b.writeUInt8(value.value ? 1 : 0));
      case "uint16":
        return buffer(2, (b) => b.writeUInt16LE(Number(value.value)));
      case "int16":
        return buffer(2, (b) => b.writeInt16LE(Number(value.value)));
      case "uint32":
        return buffer(4, (b) => b.writeUInt32LE(Number(value.value)));
      case "int32":
        return buffer(4, (b) => b.writeInt32LE(Number(value.value)));
      case "float32":
        return buffer(4, (b) => b.writeFloatLE(Number(value.value)));
      case "float64":
        return buffer(8, (b) => b.writeDoubleLE(Number(value.value)));
    }
  }
  toBuffer(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

export interface GgufSpec {
  metadata: [string, Value][];
  tensors?: TensorInfo[];
}

const BYTES_PER_BLOCK: Record<number, [number, number]> = { 0: [1, 4], 1: [1, 2], 2: [32, 18], 8: [32, 34], 12: [256, 144], 14: [256, 210] };

export function tensorBytes(tensor: TensorInfo): number {
  const [block, bytes] = BYTES_PER_BLOCK[tensor.type]!;
  return Math.ceil(tensor.dims.reduce((a, b) => a * b, 1) / block) * bytes;
}

/** A whole GGUF header (version 3), padded to the 32-byte alignment; no tensor data follows. */
export function writeGguf(spec: GgufSpec): Buffer {
  const tensors = spec.tensors ?? [];
  const writer = new ByteWriter().bytes(Buffer.from("GGUF", "ascii")).u32(3).u64(tensors.length).u64(spec.metadata.length);
  for (const [key, value] of spec.metadata)
    writer
      .string(key)
      .u32(value.type === "array" ? 9 : TYPE_IDS[value.type])
      .value(value);
  let offset = 0;
  for (const tensor of tensors) {
    writer.string(tensor.name).u32(tensor.dims.length);
    for (const dim of tensor.dims) writer.u64(dim);
    writer.u32(tensor.type).u64(offset);
    offset += Math.ceil(tensorBytes(tensor) / 32) * 32;
  }
  const padding = (32 - (writer.length % 32)) % 32;
  return writer.bytes(Buffer.alloc(padding)).toBuffer();
}
