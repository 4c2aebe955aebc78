import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runProgram } from "../../src/cli/program.js";
import type { ModelOffer } from "../../src/offer/offer.js";
import { runCli } from "../helpers/cli.js";
import { fakeContext } from "../helpers/context.js";
import { CHAT_MODEL, startHubServer } from "../helpers/hub-server.js";

const CHAT_FILE = "catalogue/models/meta-llama--Llama-3.1-8B-Instruct.json";
const GGUF_FILE = "catalogue/models/bartowski--Llama-3.2-3B-Instruct-GGUF.json";
const dir = mkdtempSync(join(tmpdir(), "hubref-model-view-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(args: string[], options: { tty?: boolean; env?: NodeJS.ProcessEnv } = {}) {
  const { context, output, errors } = fakeContext({ NO_COLOR: "1", XDG_CACHE_HOME: dir, ...options.env }, options.tty ?? false, 200);
  const status = await runProgram(["node", "hubref", ...args], context);
  return { status, stdout: output(), stderr: errors() };
}

/** The `hubref snippet …` commands a view prints, as argument lists. */
function commandsIn(text: string): string[][] {
  return [...text.matchAll(/hubref (snippet [^\n)]*)/g)].map((match) => match[1]!.trim().split(/\s+/));
}

describe("hubref model", () => {
  it("lists live providers with their model ids, apps and library code, each line ending with its command", async () => {
    const result = await run(["model", CHAT_FILE]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^meta-llama\/Llama-3\.1-8B-Instruct\n {2}task +text-generation\n/);
    expect(result.stdout).toMatch(
      /\n {2}cerebras +live +llama3\.1-8b +hubref snippet catalogue\/models\/meta-llama--Llama-3\.1-8B-Instruct\.json --provider cerebras\n/,
    );
    expect(result.stdout).toMatch(/\n {2}vLLM +hubref snippet \S+ --app vllm\n/);
    expect(result.stdout).toMatch(/\n {2}transformers +hubref snippet \S+ --library\n/);
  });

  it("prints commands that each give code", async () => {
    for (const file of [CHAT_FILE, GGUF_FILE]) {
      const commands = commandsIn((await run(["model", file])).stdout);
      expect(commands.length).toBeGreaterThan(3);
      for (const words of commands) {
        const result = await run([...words, "--json"]);
        expect(result.status, words.join(" ")).toBe(0);
        expect(JSON.parse(result.stdout)).not.toHaveLength(0);
      }
    }
  });

  it("lists a GGUF repository's quants with sizes, the default marked", async () => {
    const result = await run(["model", GGUF_FILE]);
    expect(result.stdout).toMatch(/\nGGUF quants\n/);
    expect(result.stdout).toMatch(/\n {2}Q4_K_M +2\.02 GB +1 file +default +hubref snippet \S+ --app llama\.cpp --quant Q4_K_M\n/);
    expect(result.stdout).toContain("no inference provider serves it");
    const offer = JSON.parse((await run(["model", GGUF_FILE, "--json"])).stdout) as ModelOffer;
    expect(offer.tags.gguf).toBe(true);
    expect(offer.quants?.find((quant) => quant.isDefault)?.quant).toBe("Q4_K_M");
    expect(offer.apps.map((app) => app.app)).toContain("ollama");
  });

  it("fetches a hub id with its mapping, and shows staging providers without a command", async () => {
    const hub = await startHubServer({ [CHAT_MODEL.id]: { body: CHAT_MODEL } });
    try {
      const result = await run(["model", CHAT_MODEL.id, "--json"], { env: { HF_ENDPOINT: hub.endpoint } });
      expect(result.status).toBe(0);
      const offer = JSON.parse(result.stdout) as ModelOffer;
      expect(offer.providers.find((provider) => provider.provider === "nscale")).toMatchObject({ status: "staging", command: null });
      expect(offer.providers.find((provider) => provider.provider === "novita")?.command).toBe(`hubref snippet ${CHAT_MODEL.id} --provider novita`);
      const text = await run(["model", CHAT_MODEL.id, "--offline"], { env: { HF_ENDPOINT: hub.endpoint } });
      expect(text.stdout).toMatch(/\n {2}nscale +staging +\S+ +\(not callable until live\)\n/);
    } finally {
      await hub.close();
    }
  });

  it("reads - (stdin) and names the hub id in its commands", () => {
    const input = JSON.stringify({ id: "org/tiny", tags: ["conversational"], library_name: "transformers", pipeline_tag: "text-generation" });
    const result = runCli(["model", "-"], { input });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("hubref snippet org/tiny --library");
  });

  it("shows hub text through the sanitiser", async () => {
    const file = join(dir, "hostile.json");
    writeFileSync(
      file,
      JSON.stringify({
        id: "evil/model",
        pipeline_tag: "text-generation\u001b[2J",
        library_name: "transformers\u202e",
        tags: ["conversational"],
        cardData: { license: "\u001b]52;c;cm0=\u0007mit" },
        inferenceProviderMapping: {
          together: { providerId: "\u001b]8;;https://evil.example\u001b\\x\u001b]8;;\u001b\\", status: "live", task: "conversational" },
        },
      }),
    );
    const result = await run(["model", file], { tty: true });
    expect(result.status).toBe(0);
    expect(result.stdout).not.toMatch(/[\u001b\u0007\u202e]/);
    expect(result.stdout).toContain("license \\x1b]52;c;cm0=\\x07mit");
  });
});
