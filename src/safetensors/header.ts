import type { HeaderFault } from "../outcome/serve-problems.js";
import { isRecord, parseBoundedJson } from "./json.js";

/*
 * A safetensors header (huggingface/safetensors, docs "format"): 8 bytes, the
 * little-endian length N of what follows, then N bytes of JSON naming each
 * tensor's dtype, shape and [begin, end) byte offsets in the data after the
 * header, and an optional `__metadata__` of strings. Everything is checked
 * before it is used: the length against a limit before any allocation, the
 * nesting before JSON.parse, every shape's element count against 2^53, and
 * each tensor's offsets against its dtype and shape.
 */

/** Bits per element of each dtype the format names (F4 and the F6 types pack elements below a byte). */
export const DTYPE_BITS = {
  BOOL: 8,
  U8: 8,
  I8: 8,
  F8_E5M2: 8,
  F8_E4M3: 8,
  F8_E8M0: 8,
  F4: 4,
  F6_E2M3: 6,
  F6_E3M2: 6,
  I16: 16,
  U16: 16,
  F16: 16,
  BF16: 16,
  I32: 32,
  U32: 32,
  F32: 32,
  I64: 64,
  U64: 64,
  F64: 64,
  C64: 64,
} as const;

export type SafetensorsDtype = keyof typeof DTYPE_BITS;

export interface TensorEntry {
  name: string;
  dtype: SafetensorsDtype;
  shape: number[];
  /** Bytes in the file: data_offsets' end − begin. */
  bytes: number;
}

export interface SafetensorsHeader {
  tensors: TensorEntry[];
  /** The 8 length bytes and the JSON: where the data starts. */
  headerBytes: number;
}

export interface HeaderLimits {
  /** The most JSON bytes a header may claim (the format's own reader refuses beyond 100 MB). */
  maxHeaderBytes: number;
  maxTensors: number;
  /** Dimensions of one shape. */
  maxDims: number;
}

export const DEFAULT_HEADER_LIMITS: HeaderLimits = { maxHeaderBytes: 64_000_000, maxTensors: 1_000_000, maxDims: 8 };

/** Root object → tensor entry → shape or offsets array: anything deeper is not a header. */
const HEADER_DEPTH = 3;

export class HeaderFaultError extends Error {
  constructor(readonly fault: HeaderFault) {
    super(fault.found);
    this.name = "HeaderFaultError";
  }
}

/** The JSON length a header's first 8 bytes claim, or a fault; `bytes` may hold more. */
export function claimedHeaderLength(bytes: Uint8Array, limits: HeaderLimits = DEFAULT_HEADER_LIMITS): number {
  if (bytes.byteLength < 8) throw new HeaderFaultError({ found: "too-short", bytes: bytes.byteLength });
  const view = new DataView(bytes.buffer, bytes.byteOffset, 8);
  const claimed = view.getBigUint64(0, true);
  if (claimed > BigInt(limits.maxHeaderBytes))
    throw new HeaderFaultError({ found: "too-large", claimedBytes: Number(claimed), limitBytes: limits.maxHeaderBytes });
  return Number(claimed);
}

const isDtype = (value: unknown): value is SafetensorsDtype => typeof value === "string" && Object.hasOwn(DTYPE_BITS, value);
const isCount = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

function entryOf(name: string, raw: unknown, limits: HeaderLimits): TensorEntry {
  const bad = (field: "dtype" | "shape" | "data_offsets" | "entry", detail?: string): never => {
    throw new HeaderFaultError({ found: "bad-entry", tensor: name, field, ...(detail !== undefined && { detail }) });
  };
  if (!isRecord(raw)) return bad("entry");
  const { dtype, shape, data_offsets: offsets } = raw;
  if (!isDtype(dtype)) return bad("dtype", typeof dtype === "string" ? dtype.slice(0, 40) : typeof dtype);
  if (!Array.isArray(shape) || shape.length > limits.maxDims || !shape.every(isCount)) return bad("shape");
  if (!Array.isArray(offsets) || offsets.length !== 2 || !offsets.every(isCount) || offsets[1]! < offsets[0]!) return bad("data_offsets");
  // Element count and bits in BigInt: a shape of large dimensions must not wrap or lose digits.
  let elements = 1n;
  for (const dimension of shape as number[]) elements *= BigInt(dimension);
  const bits = elements * BigInt(DTYPE_BITS[dtype]);
  const expected = (bits + 7n) / 8n;
  if (expected > BigInt(Number.MAX_SAFE_INTEGER)) throw new HeaderFaultError({ found: "overflow", tensor: name });
  const stated = (offsets[1] as number) - (offsets[0] as number);
  if (Number(expected) !== stated) throw new HeaderFaultError({ found: "offsets-mismatch", tensor: name, expected: Number(expected), stated });
  return { name, dtype, shape: shape as number[], bytes: stated };
}

/** Whether `bytes` holds the whole header; parse it then with parseSafetensorsHeader. */
export function headerComplete(bytes: Uint8Array, limits: HeaderLimits = DEFAULT_HEADER_LIMITS): boolean {
  return bytes.byteLength >= 8 && bytes.byteLength >= 8 + claimedHeaderLength(bytes, limits);
}

/** The header in `bytes` (at least 8 + the claimed length). Throws a HeaderFaultError. */
export function parseSafetensorsHeader(bytes: Uint8Array, limits: HeaderLimits = DEFAULT_HEADER_LIMITS): SafetensorsHeader {
  const length = claimedHeaderLength(bytes, limits);
  if (bytes.byteLength < 8 + length) throw new HeaderFaultError({ found: "too-short", bytes: bytes.byteLength });
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(8, 8 + length));
  } catch {
    throw new HeaderFaultError({ found: "not-json" });
  }
  const parsed = parseBoundedJson(text, HEADER_DEPTH);
  if (!parsed.ok) throw new HeaderFaultError(parsed.found === "too-deep" ? { found: "too-deep", limit: parsed.limit } : { found: "not-json" });
  if (!isRecord(parsed.value)) throw new HeaderFaultError({ found: "not-json" });
  const names = Object.keys(parsed.value).filter((name) => name !== "__metadata__");
  if (names.length > limits.maxTensors) throw new HeaderFaultError({ found: "too-many-tensors", limit: limits.maxTensors });
  const tensors = names.map((name) => entryOf(name, (parsed.value as Record<string, unknown>)[name], limits));
  return { tensors, headerBytes: 8 + length };
}
