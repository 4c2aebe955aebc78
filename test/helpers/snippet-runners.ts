import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/*
 * Runs generated snippets against the loopback inference server, unchanged:
 * a prelude in each runtime rewrites https://<host>/... to the server and tags
 * requests with their case id. Python and Node run a whole batch in one
 * process; curl runs one bash per case, all started by one driver.
 */

export interface SnippetCase {
  id: string;
  source: string;
  /** Its own working directory (the runners of compiled languages take it here rather than from a line of code). */
  cwd?: string;
}

export interface RunOutcome {
  id: string;
  ok: boolean;
  error?: string;
  /** What the case printed, where the runner keeps it (every runner but PHP's when the case ends the process). */
  stdout?: string;
}

export interface RunOptions {
  port: number;
  /** Working directory: the sample files the snippets read are here. */
  cwd: string;
  /** Token variables and the like. */
  env: Record<string, string>;
}

const PROXY_VARIABLES = ["HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"];

export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra, NO_PROXY: "*", no_proxy: "*" };
  for (const name of PROXY_VARIABLES) delete env[name];
  return env;
}

export function run(
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
        results.append({"id": case["id"], "ok": True, "stdout": output.getvalue()})
    except BaseException:
        results.append({"id": case["id"], "ok": False, "error": traceback.format_exc(limit=4), "stdout": output.getvalue()})
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

export function shellPrelude(port: number, caseId: string): string {
  return `export TEST_CASE=${shellWord(caseId)}
curl() {
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

function shellWord(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** What a driver's cases left in `dir`: case i's exit status, stdout and stderr in i.code, i.out and i.err. */
export function driverOutcomes(dir: string, cases: readonly { id: string }[]): Map<string, RunOutcome> {
  return new Map(
    cases.map((item, index): [string, RunOutcome] => {
      const code = Number(readFileSync(join(dir, `${index}.code`), "utf8"));
      const stderr = readFileSync(join(dir, `${index}.err`), "utf8");
      const stdout = readFileSync(join(dir, `${index}.out`), "utf8");
      return [item.id, code === 0 ? { id: item.id, ok: true, stdout } : { id: item.id, ok: false, error: `exit ${code}: ${stderr}`, stdout }];
    }),
  );
}

/*
 * Every case is a bash of its own, started by one driver bash that keeps four
 * running. The driver, not the test's process, starts them: a fork of the
 * large test worker costs several milliseconds of system time, a fork of bash
 * almost none, and the curl snippets are hundreds of cases.
 */
const SHELL_DRIVER = String.raw`
dir=$1 count=$2
run_case() { bash "$dir/$1.sh" > "$dir/$1.out" 2> "$dir/$1.err"; echo $? > "$dir/$1.code"; }
for (( i = 0; i < count; i++ )); do
    (( i < 4 )) || wait -n
    run_case "$i" &
done
wait
`;

/** curl snippets, each in its own bash, four at a time. */
export async function runShell(cases: SnippetCase[], options: RunOptions): Promise<Map<string, RunOutcome>> {
  if (cases.length === 0) return new Map();
  const dir = mkdtempSync(join(tmpdir(), "hubref-curl-"));
  try {
    cases.forEach((item, index) => {
      writeFileSync(join(dir, `${index}.sh`), `${shellPrelude(options.port, item.id)}\nset -e\n${item.source}`);
    });
    const result = await run("bash", ["-c", SHELL_DRIVER, "driver", dir, String(cases.length)], { cwd: options.cwd, env: childEnv(options.env) });
    if (result.code !== 0) throw new Error(`bash driver failed (${result.code}): ${result.stderr}`);
    return driverOutcomes(dir, cases);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const NODE_DRIVER = `
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const job = JSON.parse(readFileSync(process.argv[2], "utf8"));
const origin = "http://127.0.0.1:" + job.port + "/";
const realFetch = globalThis.fetch;
const realSetTimeout = globalThis.setTimeout;
// The snippets' own waits (polling a queued job) pass at once. Node's fetch (undici) keeps its timers: shortened,
// its clock ticks ran ahead and its connection and header timeouts could fire before a loopback reply, which
// made a case send nothing now and then (the first case of a batch, under load).
globalThis.setTimeout = (callback, delay, ...rest) => {
    const fromFetch = (new Error().stack ?? "").includes("internal/deps/undici");
    return realSetTimeout(callback, !fromFetch && typeof delay === "number" && delay <= 60000 ? 0 : delay, ...rest);
};
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
// What each case prints is kept with its outcome.
let printed = "";
process.stdout.write = (chunk) => {
    printed += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    return true;
};
for (const item of job.cases) {
    current = item.id;
    printed = "";
    try {
        await import(pathToFileURL(item.file).href);
        results.push({ id: item.id, ok: stray.length === 0, error: stray.splice(0).join("\\n") || undefined, stdout: printed });
    } catch (error) {
        results.push({ id: item.id, ok: false, error: String(error && error.stack || error), stdout: printed });
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
