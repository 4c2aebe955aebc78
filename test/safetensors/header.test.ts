import { describe, expect, it } from "vitest";
import { groupTensors, patternOf } from "../../src/safetensors/facts.js";
import { HeaderFaultError, parseSafetensorsHeader } from "../../src/safetensors/header.js";
import { readSafetensorsHeader } from "../../src/safetensors/read.js";
import { nestingDepth } from "../../src/safetensors/json.js";
import { entriesOf, GPT_OSS_20B, LLAMA_3_1_8B_AWQ, shardHeader } from "../helpers/safetensors-models.js";

/*
 * The safetensors header reader on real layouts (quantized ones included)
 * and on hostile bytes: each hostile header is one typed fault, found
 * without allocating what it claims.
 */

function headerOf(json: string | Record<string, unknown>, claimed?: bigint): Buffer {
  const body = Buffer.from(typeof json === "string" ? json : JSON.stringify(json));
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(claimed ?? BigInt(body.byteLength));
  return Buffer.concat([length, body]);
}

function faultOf(bytes: Uint8Array): unknown {
  try {
    parseSafetensorsHeader(bytes);
  } catch (error) {
    if (error instanceof HeaderFaultError) return error.fault;
    throw error;
  }
  throw new Error("parsed");
}

describe("parseSafetensorsHeader", () => {
  it("reads every tensor's dtype, shape and bytes, with the metadata left out", () => {
    const { header } = shardHeader([
      { name: "a.weight", dtype: "BF16", shape: [4, 8] },
      { name: "b.qweight", dtype: "I32", shape: [8, 2] },
      { name: "c.blocks", dtype: "U8", shape: [2, 3, 16] },
    ]);
    const parsed = parseSafetensorsHeader(header);
    expect(parsed.tensors.map((tensor) => [tensor.name, tensor.dtype, tensor.shape, tensor.bytes])).toEqual([
      ["a.weight", "BF16", [4, 8], 64],
      ["b.qweight", "I32", [8, 2], 64],
      ["c.blocks", "U8", [2, 3, 16], 96],
    ]);
    expect(parsed.headerBytes).toBe(header.byteLength);
  });

  it("reads quantized checkpoints as stored: AWQ's packed int32 and scales, gpt-oss's MXFP4 blocks", () => {
    for (const checkpoint of [LLAMA_3_1_8B_AWQ(), GPT_OSS_20B()]) {
      const { header } = shardHeader(checkpoint.tensors);
      const parsed = parseSafetensorsHeader(header);
      expect(parsed.tensors.map((tensor) => tensor.bytes)).toEqual(entriesOf(checkpoint).map((entry) => entry.bytes));
    }
  });

  it.each([
    ["a header that claims 2 GB", headerOf("{}", 2_000_000_000n), { found: "too-large", claimedBytes: 2_000_000_000 }],
    ["a claimed length of 2^64 − 1", headerOf("{}", 0xffffffffffffffffn), { found: "too-large" }],
    ["fewer than 8 bytes", Buffer.from([1, 2, 3]), { found: "too-short", bytes: 3 }],
    ["a length past the end", headerOf("{}", 100n), { found: "too-short" }],
    ["text that is not JSON", headerOf("{not json"), { found: "not-json" }],
    ["bytes that are not UTF-8", Buffer.concat([headerOf("\u0000\u0000").subarray(0, 8), Buffer.from([0xff, 0xfe])]), { found: "not-json" }],
    ["nesting a million deep", headerOf("[".repeat(1_000_000)), { found: "too-deep", limit: 3 }],
    [
      "a dtype the format does not have",
      headerOf({ t: { dtype: "Q4_K", shape: [2], data_offsets: [0, 2] } }),
      { found: "bad-entry", tensor: "t", field: "dtype" },
    ],
    ["a string for a dimension", headerOf({ t: { dtype: "F16", shape: ["4"], data_offsets: [0, 8] } }), { found: "bad-entry", tensor: "t", field: "shape" }],
    ["a negative dimension", headerOf({ t: { dtype: "F16", shape: [-4], data_offsets: [0, 8] } }), { found: "bad-entry", field: "shape" }],
    ["offsets backwards", headerOf({ t: { dtype: "F16", shape: [4], data_offsets: [8, 0] } }), { found: "bad-entry", field: "data_offsets" }],
    [
      "a shape whose bytes overflow 2^53",
      headerOf({ t: { dtype: "F64", shape: [2 ** 31, 2 ** 31, 2 ** 31], data_offsets: [0, 8] } }),
      { found: "overflow", tensor: "t" },
    ],
    [
      "offsets that disagree with the shape",
      headerOf({ t: { dtype: "F16", shape: [4, 4], data_offsets: [0, 8] } }),
      { found: "offsets-mismatch", expected: 32, stated: 8 },
    ],
    ["an entry that is not an object", headerOf({ t: [1, 2] }), { found: "bad-entry", field: "entry" }],
  ])("refuses %s", (_, bytes, fault) => {
    expect(faultOf(bytes)).toMatchObject(fault);
  });

  it("counts nesting outside strings only", () => {
    expect(nestingDepth('{"a": "[[[[[[", "b": [1, [2]]}', 10)).toBe(3);
    expect(nestingDepth('{"a": "\\"[[["}', 10)).toBe(1);
  });
});

describe("readSafetensorsHeader", () => {
  const { header } = shardHeader(entriesOf(GPT_OSS_20B()));

  it("reads a header longer than its first piece in one more read, and no further", async () => {
    const reads: [number, number][] = [];
    const parsed = await readSafetensorsHeader(
      async (offset, length) => {
        reads.push([offset, length]);
        return header.subarray(offset, offset + length);
      },
      { firstBytes: 1024 },
    );
    expect(parsed.tensors.length).toBeGreaterThan(100);
    expect(reads).toEqual([
      [0, 1024],
      [1024, header.byteLength - 1024],
    ]);
  });

  it("refuses a claimed 2 GB before asking for it", async () => {
    const reads: number[] = [];
    const hostile = headerOf("{}", 2_000_000_000n);
    await expect(
      readSafetensorsHeader(async (offset, length) => {
        reads.push(length);
        return hostile.subarray(offset, offset + length);
      }),
    ).rejects.toBeInstanceOf(HeaderFaultError);
    expect(reads).toHaveLength(1);
  });
});

describe("groupTensors", () => {
  it("folds layers and experts into patterns, keeping the layers each appears in", () => {
    expect(patternOf("model.layers.12.mlp.experts.7.down_proj.weight")).toEqual({ pattern: "model.layers.{L}.mlp.experts.{E}.down_proj.weight", layer: 12 });
    const groups = groupTensors([
      { name: "model.layers.0.mlp.experts.0.w.weight", dtype: "BF16", shape: [2, 2], bytes: 8 },
      { name: "model.layers.0.mlp.experts.1.w.weight", dtype: "BF16", shape: [2, 2], bytes: 8 },
      { name: "model.layers.3.mlp.experts.0.w.weight", dtype: "BF16", shape: [2, 2], bytes: 8 },
      { name: "lm_head.weight", dtype: "BF16", shape: [4, 2], bytes: 16 },
    ]);
    expect(groups).toEqual([
      { pattern: "lm_head.weight", dtype: "BF16", shape: [4, 2], count: 1, bytes: 16, layers: [] },
      { pattern: "model.layers.{L}.mlp.experts.{E}.w.weight", dtype: "BF16", shape: [2, 2], count: 3, bytes: 8, layers: [0, 3] },
    ]);
  });
});
