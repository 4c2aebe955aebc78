import { describe, expect, it } from "vitest";
import { loadModelFile } from "../../src/model/load-file.js";
import { modelOffer } from "../../src/offer/offer.js";
import { snippetCommandLine, writtenOffer } from "../../src/words/commands.js";

/* A model's offer: what each way of using it asks, and the command line that prints its code, written at the edge. */

describe("the commands a model's offer names", () => {
  const gguf = loadModelFile("catalogue/models/bartowski--Llama-3.2-3B-Instruct-GGUF.json");
  const chat = loadModelFile("catalogue/models/meta-llama--Llama-3.1-8B-Instruct.json");

  it("says what each command asks, as data", () => {
    const offer = modelOffer(gguf, gguf.id);
    const llama = offer.quants?.find((quant) => quant.quant === "Q4_K_M");
    expect(llama?.command).toEqual({ model: gguf.id, app: "llama.cpp", quant: "Q4_K_M" });
    expect(offer.apps.find((app) => app.app === "ollama")?.command).toEqual({ model: gguf.id, app: "ollama" });
  });

  it("writes them as `hubref snippet` command lines with the command line's flags", () => {
    const offer = writtenOffer(modelOffer(gguf, gguf.id));
    expect(offer.quants?.find((quant) => quant.quant === "Q4_K_M")?.command).toBe(`hubref snippet ${gguf.id} --app llama.cpp --quant Q4_K_M`);
    const served = writtenOffer(modelOffer(chat, chat.id));
    expect(served.libraryCode?.command).toBe(`hubref snippet ${chat.id} --library`);
    expect(served.inferenceCommand).toBe(`hubref snippet ${chat.id}`);
    expect(served.providers.filter((provider) => provider.command !== null).map((provider) => provider.command)).toContain(
      `hubref snippet ${chat.id} --provider novita`,
    );
  });

  it("quotes what a shell would split: a file's path with a space", () => {
    expect(snippetCommandLine({ model: "my models/llama.json", app: "llama.cpp" })).toBe("hubref snippet 'my models/llama.json' --app llama.cpp");
  });
});
