import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { ROOT } from "./paths.js";
import { childEnv, driverOutcomes, run, type RunOptions, type RunOutcome, type SnippetCase } from "./snippet-runners.js";

/*
 * Runs Go, Java, Ruby and PHP snippets against the loopback server. As for
 * the other languages, a hook in each runtime sends https://<host>/... to the
 * server, tags each request with its case id (X-Test-Case) and makes waiting
 * instant; the snippet's text is what the user gets, apart from the smallest
 * rewrite each language needs to host many programs in one build:
 * - Go: one binary for the batch (one `go build`): each case is a package
 *   (`package main` and `func main` renamed), `time.Sleep(` calls a no-op of
 *   the same signature; the binary's main replaces http.DefaultTransport and
 *   runs one case per process, so `log.Fatal` ends only its case.
 * - Java: one JVM for the batch, which compiles every case with the JDK's
 *   compiler in process and runs them in turn:
 *   each case gets a package line; `HttpClient.newHttpClient()`,
 *   `Thread.sleep(` and `Path.of(` go through harness.Hooks (a JVM cannot
 *   change its working directory, so paths resolve against the case's).
 * - Ruby: one process; Net::HTTP and sleep are patched, each case is `load`ed
 *   unchanged.
 * - PHP: one php per case; the case runs in a namespace whose curl_init,
 *   curl_setopt, curl_setopt_array and sleep redirect, tag and return at once.
 */

type Cases = SnippetCase[];

/** Every case in a batch has a rewrite to make: a template change that drops the pattern must fail loudly, not run unhooked. */
function rewrite(source: string, rules: [RegExp | string, string][], id: string): string {
  let out = source;
  for (const [pattern, replacement] of rules) {
    const next = typeof pattern === "string" ? out.replaceAll(pattern, replacement) : out.replace(pattern, replacement);
    if (next === out && typeof pattern !== "string") throw new Error(`${id}: the harness's rewrite ${pattern} found nothing`);
    out = next;
  }
  return out;
}

/**
 * Runs `body` in a folder of its own, removed afterwards whatever happens. The folder is inside the project
 * (.tmp/), so that the JS snippets' imports resolve.
 */
export async function inScratchFolder<T>(name: string, body: (dir: string) => Promise<T>): Promise<T> {
  const base = join(ROOT, ".tmp");
  mkdirSync(base, { recursive: true });
  const dir = mkdtempSync(join(base, `${name}-`));
  try {
    return await body(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs a batch's `body` in a folder of its own; no cases, no folder. */
async function inBatch(name: string, cases: Cases, body: (dir: string) => Promise<Map<string, RunOutcome>>): Promise<Map<string, RunOutcome>> {
  return cases.length === 0 ? new Map() : inScratchFolder(name, body);
}

/** Writes each case's source to `case-<index>.<extension>` in the batch, for a driver that runs the files in one process. */
function writeCaseFiles(dir: string, cases: Cases, options: RunOptions, extension: string, source: (item: SnippetCase, index: number) => string) {
  return cases.map((item, index) => {
    const file = join(dir, `case-${index}.${extension}`);
    writeFileSync(file, source(item, index));
    return { id: item.id, file, cwd: item.cwd ?? options.cwd };
  });
}

/** Runs `<command> <index>` per case, four at a time, from one bash: cheaper than a spawn per case from the test worker. */
const PROCESS_DRIVER = String.raw`
dir=$1 count=$2
shift 2
run_case() {
    local i=$1
    shift
    (cd "$(cat "$dir/$i.cwd")" && HUBREF_CASE=$(cat "$dir/$i.id") "$@" > "$dir/$i.out" 2> "$dir/$i.err"); echo $? > "$dir/$i.code"
}
for (( i = 0; i < count; i++ )); do
    (( i < 4 )) || wait -n
    run_case "$i" "$@" "$i" &
done
wait
`;

async function runEach(cases: Cases, options: RunOptions, dir: string, command: string[], extraEnv: Record<string, string>): Promise<Map<string, RunOutcome>> {
  cases.forEach((item, index) => {
    writeFileSync(join(dir, `${index}.cwd`), item.cwd ?? options.cwd);
    writeFileSync(join(dir, `${index}.id`), item.id);
  });
  const env = childEnv({ ...options.env, ...extraEnv });
  const result = await run("bash", ["-c", PROCESS_DRIVER, "driver", dir, String(cases.length), ...command], { cwd: options.cwd, env });
  if (result.code !== 0) throw new Error(`process driver failed (${result.code}): ${result.stderr}`);
  return driverOutcomes(dir, cases);
}

// ---------------------------------------------------------------- Go

const GO_MAIN = (names: string[]) => `package main

import (
	"net/http"
	"net/url"
	"os"
	"strconv"
${[...new Set(names)].map((name) => `\t"hubrefcases/${name}"`).join("\n")}
)

type redirect struct {
	base   http.RoundTripper
	origin string
	id     string
}

func (r redirect) RoundTrip(request *http.Request) (*http.Response, error) {
	clone := request.Clone(request.Context())
	if request.URL.Scheme == "https" {
		target, err := url.Parse(r.origin + request.URL.Host + request.URL.RequestURI())
		if err != nil {
			return nil, err
		}
		clone.URL = target
		clone.Host = ""
	}
	clone.Header.Set("X-Test-Case", r.id)
	return r.base.RoundTrip(clone)
}

var cases = []func(){${names.map((name) => `${name}.Main`).join(", ")}}

func main() {
	http.DefaultTransport = redirect{base: http.DefaultTransport, origin: os.Getenv("HUBREF_ORIGIN"), id: os.Getenv("HUBREF_CASE")}
	index, _ := strconv.Atoi(os.Args[1])
	cases[index]()
}
`;

/** A case's package is named by its source: the same snippet is the same package in every run, which the build cache keeps. */
function goPackage(item: SnippetCase): string {
  return `c${createHash("sha256").update(item.source).digest("hex").slice(0, 16)}`;
}

function goSource(item: SnippetCase, name: string): string {
  return rewrite(
    item.source,
    [
      [/^package main$/m, `package ${name}`],
      [/^func main\(\) \{$/m, "func Main() {"],
      ["time.Sleep(", "hubrefSleep("],
    ],
    item.id,
  );
}

/** The cases a failed build names (`./c3/main.go:12:5: ...`), with the compiler's words. */
function failedBuilds(stderr: string, pattern: RegExp): Map<string, string> {
  const failed = new Map<string, string>();
  for (const line of stderr.split("\n")) {
    const key = pattern.exec(line)?.[1];
    if (key !== undefined) failed.set(key, `${failed.get(key) ?? ""}${line}\n`);
  }
  return failed;
}

/** Batch folders not built in for this long are removed: each change to a batch's cases leaves its old folder behind. */
const STALE_BATCH_MS = 7 * 24 * 3600 * 1000;

function pruneGoBatches(batches: string): void {
  let names: string[];
  try {
    names = readdirSync(batches);
  } catch {
    return;
  }
  const now = Date.now();
  for (const name of names) {
    const folder = join(batches, name);
    const changed = statSync(folder, { throwIfNoEntry: false })?.mtimeMs;
    if (changed !== undefined && now - changed > STALE_BATCH_MS) rmSync(folder, { recursive: true, force: true });
  }
}

export async function runGo(cases: Cases, options: RunOptions): Promise<Map<string, RunOutcome>> {
  return inBatch("go", cases, async (dir) => {
    pruneGoBatches(join(ROOT, ".tmp", "go-batches"));
    const cache = join(ROOT, ".tmp", "go-cache");
    const env = childEnv({ GOCACHE: cache, HOME: dir, GOPATH: join(dir, "gopath"), GOFLAGS: "-mod=mod", GOPROXY: "off", GO111MODULE: "on", CGO_ENABLED: "0" });
    const outcomes = new Map<string, RunOutcome>();
    let live = cases.map((item, index) => ({ item, index }));
    for (let attempt = 0; attempt < 2; attempt++) {
      // The same batch builds in the same folder each run: the compiler records file paths, so the build cache then serves
      // every case built before (Debian's Go ships the standard library compiled; -trimpath would rebuild it).
      const names = live.map(({ item }) => goPackage(item));
      const module = join(ROOT, ".tmp", "go-batches", createHash("sha256").update(names.join(",")).digest("hex").slice(0, 16));
      rmSync(module, { recursive: true, force: true });
      mkdirSync(module, { recursive: true });
      writeFileSync(join(module, "go.mod"), "module hubrefcases\n\ngo 1.19\n");
      live.forEach(({ item }) => {
        const name = goPackage(item);
        mkdirSync(join(module, name), { recursive: true });
        writeFileSync(join(module, name, "main.go"), goSource(item, name));
        writeFileSync(join(module, name, "zz_hooks.go"), `package ${name}\n\nimport "time"\n\nfunc hubrefSleep(time.Duration) {}\n`);
      });
      writeFileSync(join(module, "main.go"), GO_MAIN(names));
      const build = await run("go", ["build", "-o", join(dir, "cases"), "."], { cwd: module, env });
      if (build.code === 0) break;
      const failed = failedBuilds(build.stderr, /^\.?\/?(c[0-9a-f]+)\/main\.go:/);
      if (failed.size === 0 || attempt === 1) throw new Error(`go build failed: ${build.stderr}`);
      for (const { item } of live) {
        const message = failed.get(goPackage(item));
        if (message !== undefined) outcomes.set(item.id, { id: item.id, ok: false, error: `go build: ${message}` });
      }
      live = live.filter(({ item }) => !failed.has(goPackage(item)));
    }
    const ran = await runEach(
      live.map(({ item }) => item),
      options,
      dir,
      [join(dir, "cases")],
      { HUBREF_ORIGIN: `http://127.0.0.1:${options.port}/` },
    );
    return new Map([...outcomes, ...ran]);
  });
}

// ---------------------------------------------------------------- Java

const JAVA_HOOKS = String.raw`package harness;

import java.io.IOException;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

public final class Hooks {
    public static volatile String caseId = "";
    public static volatile Path dir = Path.of(".");
    public static volatile String origin = "";

    public static void sleep(long millis) {}

    public static Path path(String first, String... more) {
        return dir.resolve(Path.of(first, more));
    }

    public static HttpClient client() {
        return new Redirecting(HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build());
    }

    static final class Redirecting extends HttpClient {
        private final HttpClient real;

        Redirecting(HttpClient real) {
            this.real = real;
        }

        private HttpRequest redirect(HttpRequest request) {
            URI uri = request.uri();
            HttpRequest.Builder builder = HttpRequest.newBuilder(request, (name, value) -> true);
            if ("https".equals(uri.getScheme())) {
                String query = uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery();
                builder.uri(URI.create(origin + uri.getRawAuthority() + uri.getRawPath() + query));
            }
            builder.header("X-Test-Case", caseId);
            return builder.build();
        }

        public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler) throws IOException, InterruptedException {
            return real.send(redirect(request), handler);
        }

        public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
            return real.sendAsync(redirect(request), handler);
        }

        public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler, HttpResponse.PushPromiseHandler<T> push) {
            return real.sendAsync(redirect(request), handler, push);
        }

        public Optional<CookieHandler> cookieHandler() { return real.cookieHandler(); }
        public Optional<Duration> connectTimeout() { return real.connectTimeout(); }
        public Redirect followRedirects() { return real.followRedirects(); }
        public Optional<ProxySelector> proxy() { return real.proxy(); }
        public SSLContext sslContext() { return real.sslContext(); }
        public SSLParameters sslParameters() { return real.sslParameters(); }
        public Optional<Authenticator> authenticator() { return real.authenticator(); }
        public Version version() { return real.version(); }
        public Optional<Executor> executor() { return real.executor(); }
    }
}
`;

/**
 * Launched from source (one JVM for the batch): compiles the hooks and every
 * case with the JDK's compiler in this JVM, every lint a failure (-Xlint:all
 * -Werror; again without the cases javac refuses, which are reported as
 * failed), loads them, and runs the cases one after another. Writes `index TAB ok TAB base64(error) TAB base64(stdout)` lines.
 */
const JAVA_DRIVER = String.raw`import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.ToolProvider;

public class Driver {
    public static void main(String[] args) throws Exception {
        String origin = args[0];
        Path sources = Path.of(args[1]);
        Path classes = Path.of(args[2]);
        List<String> lines = Files.readAllLines(Path.of(args[3]), StandardCharsets.UTF_8);
        Base64.Encoder base64 = Base64.getEncoder();
        Map<String, String> results = new LinkedHashMap<>();
        List<String> live = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) live.add(String.valueOf(i));
        for (int attempt = 0; ; attempt++) {
            List<String> options = new ArrayList<>(List.of("-Xlint:all", "-Werror", "-proc:none", "-g:none", "-encoding", "UTF-8", "-d", classes.toString(), sources.resolve("harness/Hooks.java").toString()));
            for (String index : live) options.add(sources.resolve("c" + index + "/Main.java").toString());
            ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
            int code = ToolProvider.getSystemJavaCompiler().run(null, null, diagnostics, options.toArray(new String[0]));
            if (code == 0) break;
            String text = diagnostics.toString(StandardCharsets.UTF_8);
            Matcher matcher = Pattern.compile("c(\\d+)/Main\\.java:\\d+: (?:error|warning).*").matcher(text);
            List<String> failed = new ArrayList<>();
            while (matcher.find()) {
                if (!failed.contains(matcher.group(1))) failed.add(matcher.group(1));
                results.merge(matcher.group(1), matcher.group(), (a, b) -> a + "\n" + b);
            }
            if (failed.isEmpty() || attempt == 1) throw new IllegalStateException("javac failed: " + text);
            live.removeAll(failed);
        }
        for (String index : results.keySet()) {
            results.put(index, index + "\tfalse\t" + base64.encodeToString(("javac: " + results.get(index)).getBytes(StandardCharsets.UTF_8)) + "\t");
        }
        URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, Driver.class.getClassLoader());
        Class<?> hooks = loader.loadClass("harness.Hooks");
        hooks.getField("origin").set(null, origin);
        PrintStream out = System.out;
        PrintStream err = System.err;
        for (String index : live) {
            String[] parts = lines.get(Integer.parseInt(index)).split("\t", 2);
            hooks.getField("caseId").set(null, parts[0]);
            hooks.getField("dir").set(null, Path.of(parts[1]));
            ByteArrayOutputStream captured = new ByteArrayOutputStream();
            ByteArrayOutputStream printed = new ByteArrayOutputStream();
            System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
            String error = null;
            try {
                loader.loadClass("c" + index + ".Main").getMethod("main", String[].class).invoke(null, (Object) new String[0]);
            } catch (InvocationTargetException e) {
                error = String.valueOf(e.getCause());
            } catch (Throwable e) {
                error = String.valueOf(e);
            }
            System.setOut(out);
            System.setErr(err);
            String message = error == null ? "" : error + "\n" + captured.toString(StandardCharsets.UTF_8);
            results.put(index, index + "\t" + (error == null) + "\t" + base64.encodeToString(message.getBytes(StandardCharsets.UTF_8)) + "\t" + base64.encodeToString(printed.toByteArray()));
        }
        Files.write(Path.of(args[4]), results.values(), StandardCharsets.UTF_8);
    }
}
`;

function javaSource(item: SnippetCase, index: number): string {
  return `package c${index};\n${rewrite(
    item.source,
    [
      [/HttpClient\.newHttpClient\(\)/, "harness.Hooks.client()"],
      ["Thread.sleep(", "harness.Hooks.sleep("],
      ["Path.of(", "harness.Hooks.path("],
    ],
    item.id,
  )}`;
}

export async function runJava(cases: Cases, options: RunOptions): Promise<Map<string, RunOutcome>> {
  return inBatch("java", cases, async (dir) => {
    const sources = join(dir, "sources");
    mkdirSync(join(sources, "harness"), { recursive: true });
    writeFileSync(join(sources, "harness", "Hooks.java"), JAVA_HOOKS);
    cases.forEach((item, index) => {
      mkdirSync(join(sources, `c${index}`));
      writeFileSync(join(sources, `c${index}`, "Main.java"), javaSource(item, index));
    });
    writeFileSync(join(dir, "Driver.java"), JAVA_DRIVER);
    const list = join(dir, "cases.tsv");
    writeFileSync(list, cases.map((item) => `${item.id}\t${item.cwd ?? options.cwd}`).join("\n"));
    const results = join(dir, "results.tsv");
    const args = [`http://127.0.0.1:${options.port}/`, sources, join(dir, "classes"), list, results];
    const result = await run("java", ["-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto", join(dir, "Driver.java"), ...args], {
      cwd: options.cwd,
      env: childEnv(options.env),
    });
    if (result.code !== 0) throw new Error(`java driver failed (${result.code}): ${result.stderr}`);
    const outcomes = new Map<string, RunOutcome>();
    for (const line of readFileSync(results, "utf8").split("\n").filter(Boolean)) {
      const [index, ok, error, printed] = line.split("\t");
      const id = cases[Number(index)]!.id;
      const stdout = Buffer.from(printed ?? "", "base64").toString("utf8");
      outcomes.set(id, ok === "true" ? { id, ok: true, stdout } : { id, ok: false, error: Buffer.from(error ?? "", "base64").toString("utf8"), stdout });
    }
    return outcomes;
  });
}

// ---------------------------------------------------------------- Ruby

const RUBY_DRIVER = String.raw`
require 'json'
require 'net/http'
require 'stringio'

job = JSON.parse(File.read(ARGV[0]))
$hubref_port = job['port']
$hubref_case = ''

module HubrefRedirect
  def new(address, port = nil, *rest)
    http = super('127.0.0.1', $hubref_port, nil)
    http.instance_variable_set(:@hubref_host, address)
    http
  end
end
Net::HTTP.singleton_class.prepend(HubrefRedirect)

module HubrefRequest
  def use_ssl=(flag); end

  def request(req, body = nil, &block)
    unless req.instance_variable_get(:@hubref_sent)
      req.instance_variable_set(:@hubref_sent, true)
      req.instance_variable_set(:@path, "/#{@hubref_host}#{req.path}")
      req['X-Test-Case'] = $hubref_case
    end
    super
  end
end
Net::HTTP.prepend(HubrefRequest)

module Kernel
  def sleep(*) = 0
end

results = job['cases'].map do |item|
  $hubref_case = item['id']
  err = StringIO.new
  out = StringIO.new
  $stdout = out
  $stderr = err
  error = nil
  begin
    Dir.chdir(item['cwd']) { load(item['file'], true) }
  rescue SystemExit => e
    error = "exit #{e.status}: #{e.message}" unless e.success?
  rescue Exception => e
    error = "#{e.class}: #{e.message}\n#{(e.backtrace || []).first(4).join("\n")}"
  ensure
    $stdout = STDOUT
    $stderr = STDERR
  end
  { id: item['id'], ok: error.nil?, error: error && "#{error}\n#{err.string}".scrub, stdout: out.string.scrub }
end
File.write(job['results'], JSON.generate(results))
`;

export async function runRuby(cases: Cases, options: RunOptions): Promise<Map<string, RunOutcome>> {
  return inBatch("ruby", cases, async (dir) => {
    const files = writeCaseFiles(dir, cases, options, "rb", (item) => item.source);
    const jobFile = join(dir, "job.json");
    const results = join(dir, "results.json");
    writeFileSync(jobFile, JSON.stringify({ port: options.port, cases: files, results }));
    writeFileSync(join(dir, "driver.rb"), RUBY_DRIVER);
    const result = await run("ruby", [join(dir, "driver.rb"), jobFile], { cwd: options.cwd, env: childEnv(options.env) });
    if (result.code !== 0) throw new Error(`ruby driver failed (${result.code}): ${result.stderr}`);
    const outcomes = JSON.parse(readFileSync(results, "utf8")) as RunOutcome[];
    return new Map(outcomes.map((outcome) => [outcome.id, outcome.error === null ? { id: outcome.id, ok: outcome.ok, stdout: outcome.stdout } : outcome]));
  });
}

// ---------------------------------------------------------------- PHP

/** The hooks, declared in a case's own namespace: its unqualified calls of these functions find them first. */
const PHP_HOOKS = (namespace: string) => String.raw`namespace ${namespace};

function curl_init(?string $url = null)
{
    $curl = \curl_init();
    if ($url !== null) {
        \curl_setopt($curl, CURLOPT_URL, \hubref_url($url));
    }
    \curl_setopt($curl, CURLOPT_HTTPHEADER, ['X-Test-Case: ' . $GLOBALS['hubref_case']]);
    return $curl;
}

function curl_setopt($curl, int $option, $value): bool
{
    if ($option === CURLOPT_URL) {
        $value = \hubref_url($value);
    }
    if ($option === CURLOPT_HTTPHEADER) {
        $value[] = 'X-Test-Case: ' . $GLOBALS['hubref_case'];
    }
    return \curl_setopt($curl, $option, $value);
}

function curl_setopt_array($curl, array $options): bool
{
    foreach ($options as $option => $value) {
        if (!curl_setopt($curl, $option, $value)) {
            return false;
        }
    }
    return true;
}

function sleep(int $seconds): int
{
    return 0;
}
`;

/*
 * Runs the cases from index argv[2] on, in this process, each included in a
 * namespace of its own. A case that exits (the snippets' fail()) ends the
 * process: its index is the last in the progress file, and the test side
 * starts the driver again after it.
 */
const PHP_DRIVER = String.raw`<?php
function hubref_url($url)
{
    return is_string($url) && str_starts_with($url, 'https://') ? $GLOBALS['hubref_origin'] . substr($url, 8) : $url;
}

$job = json_decode(file_get_contents($argv[1]), true);
$GLOBALS['hubref_origin'] = $job['origin'];
$progress = fopen($job['progress'], 'a');
for ($i = (int) $argv[2]; $i < count($job['cases']); $i++) {
    $case = $job['cases'][$i];
    $GLOBALS['hubref_case'] = $case['id'];
    fwrite($progress, "start $i\n");
    fflush($progress);
    chdir($case['cwd']);
    ob_start();
    try {
        (static function (string $file) {
            include $file;
        })($case['file']);
        $line = "ok $i " . base64_encode(ob_get_contents());
    } catch (Throwable $e) {
        $line = "error $i " . base64_encode(get_class($e) . ': ' . $e->getMessage());
    }
    ob_end_clean();
    fwrite($progress, $line . "\n");
    fflush($progress);
}
`;

function phpSource(item: SnippetCase, index: number): string {
  const namespace = `HubrefCase${index}`;
  return rewrite(item.source, [[/^<\?php\n/, `<?php\n${PHP_HOOKS(namespace)}\n`]], item.id);
}

export async function runPhp(cases: Cases, options: RunOptions): Promise<Map<string, RunOutcome>> {
  return inBatch("php", cases, async (dir) => {
    const files = writeCaseFiles(dir, cases, options, "php", phpSource);
    const progress = join(dir, "progress");
    const jobFile = join(dir, "job.json");
    writeFileSync(jobFile, JSON.stringify({ origin: `http://127.0.0.1:${options.port}/`, cases: files, progress }));
    writeFileSync(join(dir, "driver.php"), PHP_DRIVER);
    const outcomes = new Map<string, RunOutcome>();
    let next = 0;
    while (next < cases.length) {
      writeFileSync(progress, "");
      const result = await run("php", ["-d", "display_errors=stderr", "-d", "error_reporting=-1", join(dir, "driver.php"), jobFile, String(next)], {
        cwd: options.cwd,
        env: childEnv(options.env),
      });
      let started = -1;
      for (const line of readFileSync(progress, "utf8").split("\n").filter(Boolean)) {
        const [word, index, error] = line.split(" ");
        const id = cases[Number(index)]!.id;
        if (word === "start") started = Number(index);
        else {
          const text = Buffer.from(error ?? "", "base64").toString("utf8");
          outcomes.set(id, word === "ok" ? { id, ok: true, stdout: text } : { id, ok: false, error: text });
          started = -1;
        }
      }
      if (started < 0) break;
      // The case ended the process: with exit 0 it finished well (exit after its output), otherwise it failed.
      const id = cases[started]!.id;
      outcomes.set(id, result.code === 0 ? { id, ok: true } : { id, ok: false, error: `exit ${result.code}: ${result.stderr}` });
      next = started + 1;
    }
    return outcomes;
  });
}
