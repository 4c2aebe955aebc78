import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/*
 * Runs generated snippets against the loopback inference server, unchanged:
 * a prelude in each runtime rewrites https://<host>/... to the server and tags
 * requests with their case id. Python and Node run a whole batch in one
 * process; curl runs one bash per case.
 */

export interface SnippetCase {
  id: string;
  source: string;
}

export interface RunOutcome {
  id: string;
  ok: boolean;
  error?: string;
}

export interface RunOptions {
  port: number;
  /** Working directory: the sample files the snippets read are here. */
  cwd: string;
  /** Token variables and the like. */
  env: Record<string, string>;
}

const PROXY_VARIABLES = ["HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"];

function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra, NO_PROXY: "*", no_proxy: "*" };
  for (const name of PROXY_VARIABLES) delete env[name];
  return env;
}

function run(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; input?: string; timeoutMs?: number },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    // Only a hung process is killed: on a loaded machine a never-ending job's hundreds of polls take minutes.
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 600_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.input ?? "");
  });
}

/*
 * Each prelude also makes waiting instant (time.sleep, sleep, setTimeout up
 * to a minute): a snippet that polls a queued job keeps its own interval and
 * bound, and the test does not wait through them. The shell's python3 skips
 * site-packages (-S): a curl snippet starts it on every poll to read a JSON
 * field with the standard library, and .pth start-up hooks installed there
 * can cost more than the interpreter; an import of anything else would fail.
 */

const PYTHON_DRIVER = String.raw`
import contextlib, io, json, sys, time, traceback
import requests

time.sleep = lambda seconds: None

job = json.load(sys.stdin)
origin = "http://127.0.0.1:%d/" % job["port"]
current = {"id": ""}
original_request = requests.Session.request

def redirected(self, method, url, *args, **kwargs):
    if isinstance(url, str) and url.startswith("https://"):
        url = origin + url[len("https://"):]
    headers = dict(kwargs.pop("headers", None) or {})
    headers["X-Test-Case"] = current["id"]
    return original_request(self, method, url, *args, headers=headers, **kwargs)

requests.Session.request = redirected

# The client libraries (huggingface_hub, openai) send through httpx2, when it is installed.
try:
    import httpx2
except ImportError:
    httpx2 = None
if httpx2 is not None:
    original_send = httpx2.Client.send

    def send_redirected(self, request, *args, **kwargs):
        url = str(request.url)
        if url.startswith("https://"):
            request.url = httpx2.URL(origin + url[len("https://"):])
        request.headers["X-Test-Case"] = current["id"]
        return original_send(self, request, *args, **kwargs)

    httpx2.Client.send = send_redirected

results = []
for case in job["cases"]:
    current["id"] = case["id"]
    output = io.StringIO()
    try:
        with contextlib.redirect_stdout(output):
            exec(compile(case["source"], "case-%s.py" % case["id"], "exec"), {"__name__": "__main__"})
        results.append({"id": case["id"], "ok": True})
    except BaseException:
        results.append({"id": case["id"], "ok": False, "error": traceback.format_exc(limit=4)})
json.dump(results, sys.stdout)
`;

/** Python snippets, all in one process of `python` (python3 by default, a venv's for the client libraries). */
export async function runPython(cases: SnippetCase[], options: RunOptions & { python?: string }): Promise<Map<string, RunOutcome>> {
  if (cases.length === 0) return new Map();
  const result = await run(options.python ?? "python3", ["-c", PYTHON_DRIVER], {
    cwd: options.cwd,
    env: childEnv(options.env),
    input: JSON.stringify({ port: options.port, cases }),
  });
  if (result.code !== 0) throw new Error(`python3 driver failed (${result.code}): ${result.stderr}`);
  const outcomes = JSON.parse(result.stdout) as RunOutcome[];
  return new Map(outcomes.map((outcome) => [outcome.id, outcome]));
}

function shellPrelude(port: number): string {
  return `curl() {
    local args=() a
    for a in "$@"; do
        case "$a" in
            https://*) args+=("http://127.0.0.1:${port}/\${a#https://}") ;;
            *) args+=("$a") ;;
        esac
    done
    command curl -sS -H "X-Test-Case: $TEST_CASE" "\${args[@]}"
}
sleep() { :; }
python3() { command python3 -S "$@"; }
`;
}

/** curl snippets, one bash each, a few at a time. */
export async function runShell(cases: SnippetCase[], options: RunOptions): Promise<Map<string, RunOutcome>> {
  const outcomes = new Map<string, RunOutcome>();
  const queue = [...cases];
  const worker = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      const script = `${shellPrelude(options.port)}\nset -e\n${next.source}`;
      const result = await run("bash", ["-c", script], { cwd: options.cwd, env: childEnv({ ...options.env, TEST_CASE: next.id }) });
      outcomes.set(next.id, result.code === 0 ? { id: next.id, ok: true } : { id: next.id, ok: false, error: `exit ${result.code}: ${result.stderr}` });
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return outcomes;
}

const NODE_DRIVER = `
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const job = JSON.parse(readFileSync(process.argv[2], "utf8"));
const origin = "http://127.0.0.1:" + job.port + "/";
const realFetch = globalThis.fetch;
const realSetTimeout = globalThis.setTimeout;
globalThis.setTimeout = (callback, delay, ...rest) => realSetTimeout(callback, typeof delay === "number" && delay <= 60000 ? 0 : delay, ...rest);
let current = "";
globalThis.fetch = (input, init = {}) => {
    if (input instanceof Request) {
        const url = input.url.startsWith("https://") ? origin + input.url.slice(8) : input.url;
        const request = new Request(url, input);
        request.headers.set("X-Test-Case", current);
        return realFetch(request, init);
    }
    let url = input instanceof URL ? input.href : String(input);
    if (url.startsWith("https://")) url = origin + url.slice("https://".length);
    const headers = new Headers(init.headers);
    headers.set("X-Test-Case", current);
    return realFetch(url, { ...init, headers });
};
const results = [];
const stray = [];
process.on("unhandledRejection", (error) => stray.push(String(error && error.stack || error)));
for (const item of job.cases) {
    current = item.id;
    try {
        await import(pathToFileURL(item.file).href);
        results.push({ id: item.id, ok: stray.length === 0, error: stray.splice(0).join("\\n") || undefined });
    } catch (error) {
        results.push({ id: item.id, ok: false, error: String(error && error.stack || error) });
    }
}
writeFileSync(job.results, JSON.stringify(results));
`;

/**
 * JS snippets, all in one node process. The files go in `dir`, which must sit
 * inside the project so that `openai` and `@huggingface/inference` resolve.
 */
export async function runNode(cases: SnippetCase[], options: RunOptions & { dir: string }): Promise<Map<string, RunOutcome>> {
  mkdirSync(options.dir, { recursive: true });
  const files = cases.map((item, index) => {
    const file = join(options.dir, `case-${index}.mjs`);
    writeFileSync(file, item.source);
    return { id: item.id, file };
  });
  const driver = join(options.dir, "driver.mjs");
  const jobFile = join(options.dir, "job.json");
  const results = join(options.dir, "results.json");
  writeFileSync(driver, NODE_DRIVER);
  writeFileSync(jobFile, JSON.stringify({ port: options.port, cases: files, results }));
  const result = await run(process.execPath, [driver, jobFile], { cwd: options.cwd, env: childEnv(options.env) });
  if (result.code !== 0) throw new Error(`node driver failed (${result.code}): ${result.stderr}`);
  const outcomes = JSON.parse(readFileSync(results, "utf8")) as RunOutcome[];
  return new Map(outcomes.map((outcome) => [outcome.id, outcome]));
}

const JS_CHECKER = `
import { SourceTextModule } from "node:vm";
let input = "";
for await (const chunk of process.stdin) input += chunk;
const verdicts = JSON.parse(input).map((source) => {
    try {
        new SourceTextModule(source);
        return null;
    } catch (error) {
        return String(error);
    }
});
process.stdout.write(JSON.stringify(verdicts));
`;

/**
 * Node's own parser on each source, as an ES module (what \`node --check\` does
 * for a .mjs file), all in one process: the error, or undefined when it parses.
 */
export async function jsSyntaxErrors(sources: string[]): Promise<(string | undefined)[]> {
  const result = await run(process.execPath, ["--experimental-vm-modules", "--no-warnings", "--input-type=module", "-e", JS_CHECKER], {
    cwd: process.cwd(),
    env: process.env,
    input: JSON.stringify(sources),
  });
  if (result.code !== 0) throw new Error(`node checker failed: ${result.stderr}`);
  return (JSON.parse(result.stdout) as (string | null)[]).map((verdict) => verdict ?? undefined);
}
