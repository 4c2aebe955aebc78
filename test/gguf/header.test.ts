import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { factsOfHeader } from "../../src/gguf/facts.js";
import { DEFAULT_GGUF_LIMITS, GgufFormatError, parseGgufHeader, tensorSizesOf } from "../../src/gguf/header.js";
import { bufferSource, readGgufHeader } from "../../src/gguf/read.js";
import { deepseek2, gemma3, llama, mamba, qwen3moe } from "../helpers/gguf-models.js";
import { ByteWriter, str, strs, tensorBytes, u32, u32s, writeGguf } from "../helpers/gguf-writer.js";

const catalogue = JSON.parse(readFileSync("catalogue/quant-types.json", "utf8")) as { tensorTypes: { id: number; blockSize: number; bytesPerBlock: number }[] };
const sizes = tensorSizesOf(catalogue.tensorTypes);

async function read(bytes: Uint8Array, firstBytes = 4096) {
  return readGgufHeader(bufferSource(bytes), sizes, { firstBytes });
}

async function failure(bytes: Uint8Array): Promise<string> {
  const error = await read(bytes).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GgufFormatError);
  return (error as Error).message;
}

/** A header by hand: magic, version, counts, then whatever `rest` writes. */
function raw(tensors: bigint, kvs: bigint, rest: (writer: ByteWriter) => void = () => undefined): Buffer {
  const writer = new ByteWriter().bytes(Buffer.from("GGUF")).u32(3).u64(tensors).u64(kvs);
  rest(writer);
  return writer.toBuffer();
}

describe("reading a GGUF header", () => {
  it("reads a Llama header's shape, per-layer tensor bytes and vocabulary size, growing the read until the header is whole", async () => {
    const model = llama(20_000);
    const bytes = writeGguf(model.spec);
    const { header, fetched, reads } = await read(bytes);
    expect(reads).toBeGreaterThan(1);
    expect(fetched).toBeLessThanOrEqual(bytes.byteLength);
    const facts = factsOfHeader(header);
    expect(facts).toMatchObject({ architecture: "llama", blockCount: 32, headCount: 32, headCountKv: 8, contextLength: 131072, vocabSize: 128_256 });
    const expected = model.spec.tensors!.filter((tensor) => tensor.name.startsWith("blk.0.")).reduce((sum, tensor) => sum + tensorBytes(tensor), 0);
    expect(facts.layerTensorBytes).toHaveLength(32);
    expect(facts.layerTensorBytes[0]).toBe(expected);
    expect(facts.headerBytes).toBe(header.headerBytes);
  });

  it.each([
    [gemma3(1000), { slidingWindow: 1024, keyLength: 256 }],
    [qwen3moe(1000), { expertCount: 128, headCountKv: 4 }],
    [deepseek2(1000), { kvLoraRank: 512, ropeDimension: 64 }],
    [mamba(1000), { ssmInnerSize: 5120, ssmStateSize: 16, ssmConvKernel: 4 }],
  ])("reads the keys its cache rule needs: $label", async (model, expected) => {
    const facts = factsOfHeader((await read(writeGguf(model.spec))).header);
    expect(facts).toMatchObject({ architecture: model.architecture, ...expected });
  });

  it("keeps expert tensors apart per layer, and the token embedding apart from the other tensors", async () => {
    const model = qwen3moe(1000);
    const facts = factsOfHeader((await read(writeGguf(model.spec))).header);
    const experts = model.spec
      .tensors!.filter((tensor) => tensor.name.startsWith("blk.0.") && tensor.name.includes("_exps"))
      .reduce((sum, tensor) => sum + tensorBytes(tensor), 0);
    expect(facts.layerExpertBytes[0]).toBe(experts);
    expect(facts.layerExpertBytes[0]).toBeLessThan(facts.layerTensorBytes[0]!);
    expect(facts.tokenEmbeddingBytes).toBe(tensorBytes(model.spec.tensors!.find((tensor) => tensor.name === "token_embd.weight")!));
    expect(factsOfHeader((await read(writeGguf(llama(10).spec))).header).layerExpertBytes.every((bytes) => bytes === 0)).toBe(true);
  });

  it("a vision projector, by its header (clip, or general.type mmproj), is not a model to estimate", async () => {
    const clip = writeGguf({ metadata: [["general.architecture", str("clip")]] });
    expect(() => factsOfHeader(parseGgufHeader(clip, sizes))).toThrow(/vision projector/);
    const typed = llama(10).spec;
    typed.metadata.push(["general.type", str("mmproj")]);
    expect(() => factsOfHeader(parseGgufHeader(writeGguf(typed), sizes))).toThrow(/vision projector/);
  });

  it("keeps a per-layer array of key-value heads", async () => {
    const spec = llama(10).spec;
    spec.metadata = spec.metadata.map(([key, value]) => (key === "llama.attention.head_count_kv" ? [key, u32s([8, 0, 8, 0])] : [key, value]));
    expect(factsOfHeader((await read(writeGguf(spec))).header).headCountKv).toEqual([8, 0, 8, 0]);
  });
});

describe("a hostile or broken header gives one clear error", () => {
  it("wrong magic", async () => {
    expect(await failure(Buffer.from(`GGML\x03\x00\x00\x00${"\x00".repeat(40)}`, "latin1"))).toMatch(/not a GGUF file/);
  });

  it("an unknown version, and a big-endian file", async () => {
    const v9 = Buffer.from(raw(0n, 0n));
    v9.writeUInt32LE(9, 4);
    expect(await failure(v9)).toMatch(/version 9/);
    const big = Buffer.from(raw(0n, 0n));
    big.writeUInt32BE(3, 4);
    expect(await failure(big)).toMatch(/big-endian/);
  });

  it("truncated at every byte of every section says where the file ends", async () => {
    const whole = writeGguf({
      metadata: [
        ["general.architecture", str("llama")],
        ["llama.block_count", u32(2)],
        ["tokenizer.ggml.tokens", strs(["a", "bc", "def"])],
        ["llama.attention.head_count_kv", u32s([1, 2])],
      ],
      tensors: [
        { name: "blk.0.attn_q.weight", dims: [64, 64], type: 8 },
        { name: "output.weight", dims: [64, 10], type: 0 },
      ],
    });
    const { header } = await read(whole);
    const sections = new Set<string>();
    for (let end = 0; end < header.headerBytes; end++) {
      const message = await failure(whole.subarray(0, end));
      expect(message).toMatch(new RegExp(`^the file ends at byte ${end}, inside .+: the header is truncated$`));
      sections.add(message.replace(/.*inside (.+?)(?: \d+ of \d+)?: .*/, "$1").replace(/'.*'/, "'…'"));
    }
    expect([...sections]).toEqual(expect.arrayContaining(["the file magic", "the version", "the counts", "key-value pair", "the value of '…'", "tensor info"]));
  });

  it("a string length of 2^63", async () => {
    const bytes = raw(0n, 1n, (w) => w.u64(2n ** 63n));
    expect(await failure(bytes)).toMatch(/a string's length is 9,223,372,036,854,775,808, more than key-value pair 1 of 1 can hold/);
  });

  it("an array of 2^40 elements", async () => {
    const bytes = raw(0n, 1n, (w) =>
      w
        .string("tokenizer.ggml.scores")
        .u32(9)
        .u32(6)
        .u64(2n ** 40n),
    );
    expect(await failure(bytes)).toMatch(/an array's length is 1,099,511,627,776/);
  });

  it("a tensor count of 2^32", async () => {
    expect(await failure(raw(2n ** 32n, 0n))).toMatch(/the tensor count is 4,294,967,296/);
  });

  it("arrays nested deeper than any real file", async () => {
    const bytes = raw(0n, 1n, (w) => {
      w.string("deep");
      w.u32(9);
      for (let depth = 0; depth < 10_000; depth++) w.u32(9).u64(1);
    });
    expect(await failure(bytes)).toMatch(/nests arrays more than 4 deep/);
  });

  it("a header that claims more than the cap stops at the cap without fetching it", async () => {
    // 100,000 strings of 100 bytes each: 10.8 MB of vocabulary, over the cap (lowered here to 2 MB to keep the test quick).
    let served = 0;
    const bytes = raw(0n, 1n, (w) => w.string("tokenizer.ggml.tokens").u32(9).u32(8).u64(100_000).u64(100).bytes(Buffer.alloc(100)));
    const source = {
      read: async (offset: number, length: number) => {
        served += length;
        // Beyond what was written, an endless run of 100-byte strings.
        const out = Buffer.alloc(length);
        for (let at = 0; at < length; at++) {
          const position = offset + at;
          if (position < bytes.byteLength) out[at] = bytes[position]!;
          else out[at] = (position - bytes.byteLength) % 108 === 0 ? 100 : 0;
        }
        return out;
      },
    };
    const error = await readGgufHeader(source, sizes, { limits: { ...DEFAULT_GGUF_LIMITS, maxBytes: 2_000_000 }, firstBytes: 100_000 }).catch(
      (caught: unknown) => caught,
    );
    expect((error as Error).message).toMatch(/hubref's cap/);
    expect(served).toBeLessThanOrEqual(2_000_000);
  });

  it("an unknown value type", async () => {
    expect(await failure(raw(0n, 1n, (w) => w.string("x").u32(99)))).toMatch(/unknown value type 99/);
  });

  it("the default cap is 64 MB", () => {
    expect(DEFAULT_GGUF_LIMITS.maxBytes).toBe(64_000_000);
  });

  it("parses nothing beyond the buffer it is given", () => {
    expect(() => parseGgufHeader(new Uint8Array(3), sizes)).toThrow(/needs 4 bytes/);
  });
});
