import { mkdtempSync, mkdirSync, writeFileSync, truncateSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadModelFile, parseModelData } from "../../src/model/load-file.js";
import { thrown } from "../helpers/errors.js";

const dir = mkdtempSync(join(tmpdir(), "hubref-load-"));
function file(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

describe("loadModelFile", () => {
  it("loads valid metadata and keeps unknown fields", () => {
    const model = loadModelFile(file("ok.json", JSON.stringify({ id: "org/model", pipeline_tag: "fill-mask", downloads: 42 })));
    expect(model).toMatchObject({ id: "org/model", pipeline_tag: "fill-mask", tags: [], downloads: 42 });
  });

  it("loads the bundled examples", () => {
    const model = loadModelFile("catalogue/models/meta-llama--Llama-3.1-8B-Instruct.json");
    expect(model.id).toBe("meta-llama/Llama-3.1-8B-Instruct");
    expect(model.tags).toContain("conversational");
  });

  const cases: [string, () => string, RegExp][] = [
    ["a missing file", () => join(dir, "nope.json"), /nope\.json: no such file$/],
    [
      "a directory",
      () => {
        mkdirSync(join(dir, "folder"), { recursive: true });
        return join(dir, "folder");
      },
      /folder: is a directory/,
    ],
    ["an unreadable file", () => "/proc/self/mem", /\/proc\/self\/mem: cannot read the file \(EIO\)/],
    ["an empty file", () => file("empty.json", ""), /empty\.json: the input is empty/],
    ["a blank file", () => file("blank.json", "  \n\t\n"), /blank\.json: the input is empty/],
    ["invalid JSON", () => file("bad.json", '{\n  "id": "org/model",\n  "tags": [1,\n}'), /bad\.json:4:1: invalid JSON/],
    ["a truncated JSON", () => file("cut.json", '{"id": "org/m'), /cut\.json:1:14: invalid JSON/],
    ["a JSON array", () => file("array.json", "[1, 2]"), /array\.json: expected a JSON object with model metadata, got an array/],
    [
      "a wrong field type",
      () => file("types.json", JSON.stringify({ id: "org/model", config: { architectures: ["A", 3] } })),
      /types\.json: field 'config\.architectures\[1\]': Invalid input: expected string, received number/,
    ],
    [
      "a missing id",
      () => file("noid.json", JSON.stringify({ pipeline_tag: "fill-mask" })),
      /noid\.json: no 'id' field: model metadata needs the model's hub id$/,
    ],
    ["an empty object", () => file("object.json", "{}"), /object\.json: no 'id' field: model metadata needs the model's hub id$/],
    [
      "UTF-16 with a byte order mark",
      () => file("bom.json", Buffer.from('\ufeff{"id": "org/model"}', "utf16le")),
      /bom\.json: the text is UTF-16 \(little-endian\), not UTF-8$/,
    ],
    ["UTF-16 big-endian", () => file("be.json", Buffer.from("\ufeff{}", "utf16le").swap16()), /be\.json: the text is UTF-16 \(big-endian\), not UTF-8$/],
    [
      "UTF-16 without a byte order mark",
      () => file("nobom.json", Buffer.from('{"id": "org/model"}', "utf16le")),
      /nobom\.json: the text is UTF-16 \(little-endian\), not UTF-8$/,
    ],
    ["an id of the wrong shape", () => file("badid.json", JSON.stringify({ id: "org/../etc/passwd" })), /badid\.json: field 'id': not a hub model id/],
    ["binary garbage", () => file("garbage.bin", Buffer.from([0x7b, 0x00, 0xff, 0xfe, 0x01])), /garbage\.bin: binary data, not a JSON text file/],
    ["invalid UTF-8", () => file("latin1.json", Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d])), /latin1\.json: not valid UTF-8 text/],
  ];
  it.each(cases)("gives one clear usage error for %s", (_name, makePath, message) => {
    const error = thrown(() => loadModelFile(makePath()));
    expect(error.exitCode).toBe(2);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain("\n");
  });

  it("refuses a file over 10 MB without reading it, in decimal units as the hub counts them", () => {
    const path = file("huge.json", "");
    truncateSync(path, 12_480_000); // sparse: nothing written, and reading it whole would be the bug
    const error = thrown(() => loadModelFile(path));
    expect(error.exitCode).toBe(2);
    expect(error.message).toMatch(/huge\.json: file is 12\.5 MB, over the 10\.0 MB limit/);
    // 10.2 MB is over 10 MB: the limit is not 10 MiB in disguise.
    truncateSync(path, 10_200_000);
    expect(thrown(() => loadModelFile(path)).message).toMatch(/file is 10\.2 MB, over the 10\.0 MB limit/);
  });
});

describe("model ids", () => {
  const valid = ["gpt2", "org/model", "meta-llama/Llama-3.1-8B-Instruct", "a/b.c_d-e", "x".repeat(96)];
  const invalid = ["", "/model", "org/", "a/b/c", "org/mo..del", "org/-model", "org/model.", "org/mo del", "org/mödel", "x".repeat(97), "org/model\n"];
  it.each(valid)("accepts %s", (id) => {
    expect(parseModelData(JSON.stringify({ id }), "t").id).toBe(id);
  });
  it.each(invalid)("rejects %j", (id) => {
    expect(thrown(() => parseModelData(JSON.stringify({ id }), "t.json")).message).toMatch(/^t\.json: field 'id': not a hub model id/);
  });
});

describe("JSON syntax errors", () => {
  const cases: [string, string][] = [
    ['{"a": 1,}', 't.json:1:9: invalid JSON: unexpected "}", expected a property name in double quotes'],
    ['{"a" 1}', "t.json:1:6: invalid JSON: unexpected \"1\", expected ':'"],
    ['{"a": [1 2]}', "t.json:1:10: invalid JSON: unexpected \"2\", expected ',' or ']'"],
    ["{'a': 1}", 't.json:1:2: invalid JSON: unexpected "\'", expected a property name in double quotes'],
    ['{"a": tru}', 't.json:1:7: invalid JSON: unexpected "t"'],
    ['{"a": "x\ny"}', "t.json:1:9: invalid JSON: control character in string (escape it)"],
    ['{"a": 1} x', 't.json:1:10: invalid JSON: unexpected "x" after the JSON value'],
    ['{\n  "a": {\n', "t.json:3:1: invalid JSON: unexpected end of input, expected a property name in double quotes"],
  ];
  it.each(cases)("locates %j", (text, message) => {
    expect(thrown(() => parseModelData(text, "t.json")).message).toBe(message);
  });
});
