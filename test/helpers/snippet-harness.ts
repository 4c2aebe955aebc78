import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./paths.js";
import { startInferenceServer, type InferenceServer, type ReceivedRequest, type Reply } from "./inference-server.js";
import { runNode, runPython, runShell, type RunOutcome, type SnippetCase } from "./snippet-runners.js";
import type { Snippet } from "../../src/inference/snippet.js";
import { runGo, runJava, runPhp, runRuby } from "./stdlib-runners.js";
import { hasToolchain, toolchainsRequired, type ToolchainLanguage } from "./toolchains.js";
import { DIRECT_TOKEN_VARIABLES, ENDPOINT_TOKEN_VARIABLE, ROUTED_TOKEN_VARIABLE } from "./token-variables.js";

/*
 * The end-to-end rig: a temporary working directory with the sample files
 * snippets read, the loopback server, token variables, and a way to run a
 * batch of snippets and collect what each sent.
 */

/** Distinct token values per variable, so a test can tell which one a snippet read. */
export const TOKENS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(DIRECT_TOKEN_VARIABLES).map(([provider, name]) => [name, `key_for_${provider}`])),
  [ROUTED_TOKEN_VARIABLE]: "hf_test_routed_token",
  [ENDPOINT_TOKEN_VARIABLE]: "endpoint_test_token",
};

export const SAMPLE_FILES: Record<string, Buffer> = {
  "cats.jpg": Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("sample image bytes \u00e9\n\u0000\u00ff", "latin1")]),
  "invoice.png": Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.from("sample invoice bytes")]),
  "sample1.flac": Buffer.concat([Buffer.from("fLaC"), Buffer.from([0, 1, 2, 3, 250, 251, 252, 253, 254, 255])]),
};

export interface Rig {
  server: InferenceServer;
  dir: string;
  /** Writes an extra sample file (e.g. one with a hostile name). */
  addFile(name: string, bytes: Buffer): void;
  close(): Promise<void>;
}

export async function startRig(): Promise<Rig> {
  const base = join(ROOT, ".tmp");
  mkdirSync(base, { recursive: true });
  // Inside the project, so that snippets importing openai or @huggingface/inference resolve them.
  const dir = mkdtempSync(join(base, "snippets-"));
  for (const [name, bytes] of Object.entries(SAMPLE_FILES)) writeFileSync(join(dir, name), bytes);
  const server = await startInferenceServer();
  return {
    server,
    dir,
    addFile: (name, bytes) => writeFileSync(join(dir, name), bytes),
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface ExecutableCase {
  id: string;
  snippet: Snippet;
  reply?: (request: ReceivedRequest) => Reply;
  /** A working directory of its own (else the rig's). */
  cwd?: string;
}

/** The languages whose standard-library snippets run with a toolchain of their own (test/helpers/toolchains.ts). */
export const TOOLCHAIN_LANGUAGES: readonly string[] = ["go", "java", "ruby", "php"] satisfies ToolchainLanguage[];

/** A Go, Java, Ruby or PHP snippet runs when its toolchain is here; required (CI), a missing one is an error, not a skip. */
function toolchainRuns(language: string): boolean {
  if (!TOOLCHAIN_LANGUAGES.includes(language)) return false;
  if (hasToolchain(language as ToolchainLanguage)) return true;
  if (toolchainsRequired()) throw new Error(`the ${language} toolchain is missing, and HUBREF_REQUIRE_TOOLCHAINS=1 requires it`);
  return false;
}

/** The standard-library client of each of those languages, as `language|client`. */
export const STDLIB_CLIENTS = ["go|net/http", "java|java.net.http", "ruby|net/http", "php|curl"] as const;

/** Those whose toolchain is here (all of them, or an error, when required). */
export function runnableStdlibClients(): string[] {
  return STDLIB_CLIENTS.filter((pair) => toolchainRuns(pair.split("|")[0]!));
}

/** Whether the harness can run a snippet's client here. */
export function isExecutable(snippet: Snippet): boolean {
  return (
    (snippet.language === "python" && snippet.client === "requests") ||
    snippet.language === "sh" ||
    (snippet.language === "js" && ["fetch", "huggingface.js", "openai"].includes(snippet.client)) ||
    toolchainRuns(snippet.language)
  );
}

async function timed<T>(label: string, work: Promise<T>): Promise<T> {
  const start = Date.now();
  const value = await work;
  if (process.env.HUBREF_TIMING) process.stderr.write(`${label}: ${Date.now() - start} ms\n`);
  return value;
}

/** Runs the cases, grouped by runtime, and returns each case's outcome. */
export async function execute(rig: Rig, cases: ExecutableCase[]): Promise<Map<string, RunOutcome>> {
  for (const item of cases) if (item.reply) rig.server.respond(item.id, item.reply);
  const byRuntime = (test: (snippet: Snippet) => boolean): SnippetCase[] =>
    cases.filter((item) => test(item.snippet)).map((item) => ({ id: item.id, source: item.snippet.content, ...(item.cwd !== undefined && { cwd: item.cwd }) }));
  const options = { port: rig.server.port, cwd: rig.dir, env: TOKENS };
  const of = (language: string) => byRuntime((s) => s.language === language);
  const [python, shell, node, go, java, ruby, php] = await Promise.all([
    runPython(
      byRuntime((s) => s.language === "python" && s.client === "requests"),
      options,
    ),
    runShell(
      byRuntime((s) => s.language === "sh"),
      options,
    ),
    runNode(
      byRuntime((s) => s.language === "js"),
      { ...options, dir: join(rig.dir, `js-${Date.now()}-${Math.random().toString(36).slice(2)}`) },
    ),
    timed("go", runGo(of("go"), options)),
    timed("java", runJava(of("java"), options)),
    timed("ruby", runRuby(of("ruby"), options)),
    timed("php", runPhp(of("php"), options)),
  ]);
  return new Map([...python, ...shell, ...node, ...go, ...java, ...ruby, ...php]);
}

/**
 * Runs a file's cases side by side: those `isLibrary` picks (the Python client libraries) in one process of the
 * venv's `python`, the others through execute, and `more` with them.
 */
export async function executeWithLibraries(
  rig: Rig,
  cases: readonly ExecutableCase[],
  isLibrary: (item: ExecutableCase) => boolean,
  python: string,
  more: ExecutableCase[] = [],
): Promise<Map<string, RunOutcome>> {
  const [libraries, others] = await Promise.all([
    runPython(
      cases.filter(isLibrary).map((item) => ({ id: item.id, source: item.snippet.content })),
      { port: rig.server.port, cwd: rig.dir, env: TOKENS, python },
    ),
    execute(rig, [...cases.filter((item) => !isLibrary(item)), ...more]),
  ]);
  return new Map([...libraries, ...others]);
}

/** The request a case sent, parsed for comparison: JSON bodies as values, others as bytes. */
export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  json?: unknown;
  bytes: Buffer;
}

export function sent(request: ReceivedRequest): SentRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers[name] = value;
  const result: SentRequest = { method: request.method, url: request.url, headers, bytes: request.body };
  if ((headers["content-type"] ?? "").startsWith("application/json")) result.json = JSON.parse(request.body.toString("utf8"));
  return result;
}

/** The POST requests of a case (client libraries may first GET the model's provider mapping). */
export function postsOf(rig: Rig, caseId: string): SentRequest[] {
  return rig.server
    .requestsOf(caseId)
    .filter((request) => request.method === "POST")
    .map(sent);
}
