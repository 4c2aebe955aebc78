import { describe, expect, it } from "vitest";
import { wordedSnippets } from "../helpers/worded.js";
import { CLIENTS_BY_LANGUAGE, LANGUAGES } from "../../src/inference/id-lists.js";
import { responsesBody, responsesInput, responsesText, responsesTools, speaksResponses } from "../../src/inference/responses.js";
import { templateExists } from "../../src/inference/templates.js";
import { SAMPLE_SCHEMA, SAMPLE_TOOLS } from "../../src/inference/tools.js";
import { runCli } from "../helpers/cli.js";
import { syntheticModel } from "../helpers/synthetic-models.js";

/*
 * The Responses request as hubref builds it from a chat's messages, and which
 * clients write it. The programs themselves run in e2e-responses.test.ts.
 */

const MODEL = syntheticModel("text-generation", { conversational: true, id: "acme/responses-unit", providers: ["together"] });
const VISION = syntheticModel("image-text-to-text", { conversational: true, id: "acme/vision-unit", providers: ["together"] });

describe("the request body", () => {
  it("sends a lone user text as a string, and the system message as instructions", () => {
    expect(responsesInput([{ role: "user", content: "Hi" }])).toEqual({ input: "Hi" });
    expect(
      responsesInput([
        { role: "system", content: "Be brief." },
        { role: "user", content: "Hi" },
      ]),
    ).toEqual({ instructions: "Be brief.", input: "Hi" });
  });

  it("keeps a conversation as messages, and renames content parts to the Responses names", () => {
    const { input } = responsesInput([
      { role: "user", content: "Hi" },
      { role: "assistant", content: "Hello" },
      {
        role: "user",
        content: [
          { type: "text", text: "What is this?" },
          { type: "image_url", image_url: { url: "https://example.com/cat.jpg" } },
        ],
      },
    ]);
    expect(input).toEqual([
      { role: "user", content: "Hi" },
      { role: "assistant", content: "Hello" },
      {
        role: "user",
        content: [
          { type: "input_text", text: "What is this?" },
          { type: "input_image", image_url: "https://example.com/cat.jpg" },
        ],
      },
    ]);
  });

  it("names the parameters as the Responses API does", () => {
    expect(
      responsesBody("m", [{ role: "user", content: "Hi" }], { max_tokens: 5, temperature: 0.5, top_p: 0.9, reasoning_effort: "medium", stream: true }),
    ).toEqual({
      model: "m",
      instructions: undefined,
      input: "Hi",
      temperature: 0.5,
      max_output_tokens: 5,
      top_p: 0.9,
      reasoning: { effort: "medium" },
      stream: true,
    });
  });
});

describe("tools and structured output in the Responses shape", () => {
  it("sends the tools flat: the function's members beside type, in the order given", () => {
    const tools = [
      { type: "function" as const, function: { name: "a", description: "A.", parameters: { type: "object" }, strict: true } },
      { type: "function" as const, function: { name: "b" } },
    ];
    const flat = responsesTools(tools);
    expect(flat).toEqual([
      { type: "function", name: "a", description: "A.", parameters: { type: "object" }, strict: true },
      { type: "function", name: "b" },
    ]);
    expect(JSON.stringify(flat)).toBe(
      '[{"type":"function","name":"a","description":"A.","parameters":{"type":"object"},"strict":true},{"type":"function","name":"b"}]',
    );
  });

  it("asks for the schema in text.format, named by its title when that is a name", () => {
    expect(responsesText({ schema: SAMPLE_SCHEMA, sample: true })).toEqual({
      format: { type: "json_schema", name: "answer", schema: SAMPLE_SCHEMA, strict: true },
    });
    expect(responsesText({ schema: { title: "city_facts", type: "object" }, sample: false })).toEqual({
      format: { type: "json_schema", name: "city_facts", schema: { title: "city_facts", type: "object" }, strict: true },
    });
  });

  it("sends the input as a list with tools, which the loop extends", () => {
    const tools = responsesTools(SAMPLE_TOOLS);
    expect(responsesBody("m", [{ role: "user", content: "Hi" }], { stream: false, tools })).toMatchObject({
      input: [{ role: "user", content: "Hi" }],
      tools,
    });
    expect(responsesBody("m", [{ role: "user", content: "Hi" }], { stream: false, text: { format: {} } })).toMatchObject({ input: "Hi" });
  });

  it("writes every Responses client's snippet with them, and no chat completions member", () => {
    const { snippets, problems } = wordedSnippets(MODEL, {
      api: "responses",
      provider: "together",
      tools: { tools: SAMPLE_TOOLS, sample: true },
      schema: { schema: SAMPLE_SCHEMA, sample: true },
    });
    expect(problems).toEqual([]);
    const speaking = LANGUAGES.flatMap((language) => CLIENTS_BY_LANGUAGE[language].filter((client) => speaksResponses(language, client)));
    expect(snippets).toHaveLength(speaking.length);
    for (const snippet of snippets) {
      expect(snippet.content, `${snippet.language}/${snippet.client}`).not.toMatch(/response_format|tool_calls|"function": \{/);
      expect(snippet.content, `${snippet.language}/${snippet.client}`).toContain("json_schema");
    }
  });

  it("renames a tool's function that would take a name of the loop's own, and keeps the name it sends", () => {
    const tools = {
      tools: [
        { type: "function" as const, function: { name: "input" } },
        { type: "function" as const, function: { name: "text" } },
      ],
      sample: false,
    };
    const js = wordedSnippets(MODEL, { api: "responses", provider: "together", language: "js", client: "fetch", tools }).snippets[0]!.content;
    expect(js).toContain("function inputTool(_args)");
    expect(js).toContain('["input", inputTool]');
    const python = wordedSnippets(MODEL, { api: "responses", provider: "together", language: "python", client: "requests", tools }).snippets[0]!.content;
    expect(python).toContain("def text_tool(arguments):");
    expect(python).toContain('"text": text_tool,');
  });

  it("the command takes --tools and --schema with --api responses", () => {
    const result = runCli([
      "snippet",
      "catalogue/models/meta-llama--Llama-3.1-8B-Instruct.json",
      "--api",
      "responses",
      "--tools",
      "--schema",
      "--language",
      "go",
    ]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('"type": "function_call_output"');
    expect(result.stdout).toContain('"format": map[string]any{');
  });
});

describe("which clients write it", () => {
  it("every client that speaks it has its three templates, and no other client has one", () => {
    for (const language of LANGUAGES) {
      for (const client of CLIENTS_BY_LANGUAGE[language]) {
        const speaks = speaksResponses(language, client);
        for (const name of ["responses", "responsesStream", "responsesTools"] as const) {
          expect(templateExists(language, client, name), `${language}/${client}/${name}`).toBe(speaks);
        }
      }
    }
  });

  it("skips the hub clients, and says why when one is asked for", () => {
    const all = wordedSnippets(MODEL, { api: "responses", provider: "together" });
    expect(all.snippets.map((snippet) => snippet.client)).not.toContain("huggingface_hub");
    expect(all.snippets.every((snippet) => snippet.content.includes("responses"))).toBe(true);
    const asked = wordedSnippets(MODEL, { api: "responses", provider: "together", language: "python", client: "huggingface_hub" });
    expect(asked.snippets).toEqual([]);
    expect(asked.problems[0]).toMatch(/^huggingface_hub does not speak the Responses API: use requests \(python\), openai \(python\)/);
  });

  it("reads a vision chat's local image into an input_image data URL", () => {
    const { snippets } = wordedSnippets(VISION, { api: "responses", provider: "together", language: "python", client: "requests", images: ["cat.jpg"] });
    expect(snippets[0]!.content).toContain('"type": "input_image"');
    expect(snippets[0]!.content).toContain('"image_url": "data:image/jpeg;base64," + image');
  });

  it("refuses a direct call, which no provider's own Responses route is known for", () => {
    const { snippets, problems } = wordedSnippets(MODEL, { api: "responses", provider: "together", direct: true });
    expect(snippets).toEqual([]);
    expect(problems).toEqual(["the Responses API is served by the router or your own server: leave out --direct"]);
  });

  it("posts to an endpoint's /v1/responses, naming the hub id, wherever the URL given stops", () => {
    for (const [given, url] of [
      ["http://127.0.0.1:8000", "http://127.0.0.1:8000/v1/responses"],
      ["http://127.0.0.1:8000/", "http://127.0.0.1:8000/v1/responses"],
      ["https://gpu.example/v1", "https://gpu.example/v1/responses"],
      ["https://gpu.example/v1/responses", "https://gpu.example/v1/responses"],
      ["https://gpu.example/serve/", "https://gpu.example/serve/v1/responses"],
      ["http://127.0.0.1:8000/v1/chat/completions", "http://127.0.0.1:8000/v1/responses"],
    ] as const) {
      const { snippets, problems } = wordedSnippets(MODEL, { api: "responses", endpointUrl: given, language: "sh", client: "curl" });
      expect(problems, given).toEqual([]);
      expect(snippets[0]!.content, given).toContain(`curl -sS --fail-with-body ${url} \\\n`);
      expect(snippets[0]!.content, given).toContain(`"model": "${MODEL.id}"`);
      expect(snippets[0]!.content, given).not.toContain("router.huggingface.co");
    }
    const { snippets } = wordedSnippets(MODEL, { api: "responses", endpointUrl: "https://gpu.example/v1/responses", language: "python", client: "openai" });
    expect(snippets[0]!.content).toContain('base_url="https://gpu.example/v1"');
  });
});
