/**
 * A fixed model and hand-written snippets for the picker's stand-alone demo
 * and its terminal tests: two providers, Python, JavaScript and shell clients,
 * and one library snippet. Toggles change the code the way real ones would.
 */
import type { Menu, MenuToggles, CodeBlock } from "../../../src/ui/types.js";

export const DEMO_MODEL = { id: "demo-org/Chat-Model-8B", pipelineTag: "text-generation", libraryName: "transformers" };

export const DEMO_PROVIDERS = ["together", "fireworks-ai"] as const;
type DemoProvider = (typeof DEMO_PROVIDERS)[number];

function baseUrl(provider: DemoProvider, toggles: MenuToggles): string {
  return toggles.direct ? `https://api.${provider}.example/v1` : "https://router.huggingface.co/v1";
}

function tokenVariable(provider: DemoProvider, toggles: MenuToggles): string {
  return toggles.direct ? `${provider.toUpperCase().replace(/-/g, "_")}_API_KEY` : "HF_TOKEN";
}

function pythonRequests(provider: DemoProvider, toggles: MenuToggles): string {
  const model = toggles.direct ? DEMO_MODEL.id : `${DEMO_MODEL.id}:${provider}`;
  const lines = [
    "import os",
    "",
    "import requests",
    "",
    `API_URL = "${baseUrl(provider, toggles)}/chat/completions"`,
    "headers = {",
    `    "Authorization": f"Bearer {os.environ['${tokenVariable(provider, toggles)}']}",`,
    "}",
    "",
    "payload = {",
    `    "model": "${model}",`,
    '    "messages": [',
    '        {"role": "user", "content": "What is the capital of France?"},',
    "    ],",
  ];
  if (toggles.stream) lines.push('    "stream": True,');
  lines.push("}", "", "response = requests.post(API_URL, headers=headers, json=payload, timeout=60)", "response.raise_for_status()");
  if (toggles.stream) lines.push("for line in response.iter_lines():", "    if line:", "        print(line.decode())");
  else lines.push('print(response.json()["choices"][0]["message"]["content"])');
  return lines.join("\n");
}

function pythonHub(provider: DemoProvider, toggles: MenuToggles): string {
  const call = [
    "completion = client.chat.completions.create(",
    `    model="${DEMO_MODEL.id}",`,
    '    messages=[{"role": "user", "content": "What is the capital of France?"}],',
    ...(toggles.stream ? ["    stream=True,"] : []),
    ")",
  ];
  const output = toggles.stream
    ? ["for chunk in completion:", '    print(chunk.choices[0].delta.content or "", end="")']
    : ["print(completion.choices[0].message.content)"];
  const target = toggles.direct ? `base_url="${baseUrl(provider, toggles)}"` : `provider="${provider}"`;
  return [
    "import os",
    "",
    "from huggingface_hub import InferenceClient",
    "",
    `client = InferenceClient(${target}, api_key=os.environ["${tokenVariable(provider, toggles)}"])`,
    "",
    ...call,
    ...output,
  ].join("\n");
}

function jsFetch(provider: DemoProvider, toggles: MenuToggles): string {
  return [
    `const response = await fetch("${baseUrl(provider, toggles)}/chat/completions", {`,
    '    method: "POST",',
    `    headers: { Authorization: \`Bearer \${process.env.${tokenVariable(provider, toggles)}}\`, "Content-Type": "application/json" },`,
    "    body: JSON.stringify({",
    `        model: "${toggles.direct ? DEMO_MODEL.id : `${DEMO_MODEL.id}:${provider}`}",`,
    '        messages: [{ role: "user", content: "What is the capital of France?" }],',
    ...(toggles.stream ? ["        stream: true,"] : []),
    "    }),",
    "});",
    toggles.stream
      ? "for await (const chunk of response.body) process.stdout.write(chunk);"
      : "console.log((await response.json()).choices[0].message.content);",
  ].join("\n");
}

function shellCurl(provider: DemoProvider, toggles: MenuToggles): string {
  const model = toggles.direct ? DEMO_MODEL.id : `${DEMO_MODEL.id}:${provider}`;
  return [
    `curl ${baseUrl(provider, toggles)}/chat/completions \\`,
    `    -H "Authorization: Bearer $${tokenVariable(provider, toggles)}" \\`,
    "    -H 'Content-Type: application/json' \\",
    `    -d '{"model": "${model}", "messages": [{"role": "user", "content": "What is the capital of France?"}]${toggles.stream ? ', "stream": true' : ""}}'`,
  ].join("\n");
}

const LIBRARY_SNIPPET = [
  "from transformers import pipeline",
  "",
  `pipe = pipeline("text-generation", model="${DEMO_MODEL.id}")`,
  'messages = [{"role": "user", "content": "Who are you?"}]',
  "print(pipe(messages))",
].join("\n");

export function demoSnippets(toggles: MenuToggles): CodeBlock[] {
  const entries: CodeBlock[] = [];
  const model = DEMO_MODEL.id;
  for (const provider of DEMO_PROVIDERS) {
    entries.push(
      { source: "inference", model, language: "python", client: "huggingface_hub", provider, content: pythonHub(provider, toggles) },
      { source: "inference", model, language: "python", client: "requests", provider, content: pythonRequests(provider, toggles) },
      { source: "inference", model, language: "js", client: "fetch", provider, content: jsFetch(provider, toggles) },
      { source: "inference", model, language: "sh", client: "curl", provider, content: shellCurl(provider, toggles) },
    );
  }
  entries.push({ source: "library", model, language: "python", library: "transformers", content: LIBRARY_SNIPPET });
  return entries;
}

export function demoInput(): Menu {
  return {
    model: DEMO_MODEL,
    loadBlocks: demoSnippets,
    canStream: true,
    initialProvider: "together",
    presets: {},
    initialToggles: { stream: false, direct: false },
  };
}
