import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./paths.js";
import { run } from "./snippet-runners.js";
import { inScratchFolder } from "./stdlib-runners.js";

/*
 * Unused code in generated programs: imports, variables and helpers a
 * snippet carries but never uses. Each language's own tool judges a batch of
 * programs in one process (ruff, tsc, go vet, javac, ruby -w, PHP's parser);
 * where the tool says nothing about unused imports or helpers (javac, Ruby,
 * PHP, Go's helpers, Python's functions), `unusedNames` below does.
 */

/** A program to check: a name for messages (its golden path) and its text. */
export interface Program {
  name: string;
  content: string;
}

/** What a checker found, one line per finding, each naming its program. */
export type Findings = string[];

/** Writes program `index` as `<dir>/<file(index)>` and returns a map from that relative path to the program's name. */
function writePrograms(
  dir: string,
  programs: readonly Program[],
  file: (index: number) => string,
  text = (program: Program, _index: number) => program.content,
) {
  const names = new Map<string, string>();
  programs.forEach((program, index) => {
    const path = file(index);
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text(program, index));
    names.set(path, program.name);
  });
  return names;
}

/** Lines of a tool's output that name a written file, with the program's name in its place. */
function renamed(output: string, names: Map<string, string>): Findings {
  const findings: string[] = [];
  for (const line of output.split("\n")) {
    for (const [path, name] of names) {
      const at = line.indexOf(path);
      if (at >= 0 && !/[\w/]/.test(line[at + path.length] ?? "") && !/[\w]/.test(line[at - 1] ?? "")) {
        findings.push(`${name}${line.slice(at + path.length)}`);
        break;
      }
    }
  }
  return findings;
}

const env = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({ ...process.env, ...extra });

// ---------------------------------------------------------------- Python

/** ruff: .venv-test's (where .ci/run installs it), else one on PATH, else none. */
export function findRuff(): string | undefined {
  const venv = join(ROOT, ".venv-test", "bin", "ruff");
  if (existsSync(venv)) return venv;
  return process.env.PATH?.split(":").some((folder) => folder !== "" && existsSync(join(folder, "ruff"))) ? "ruff" : undefined;
}

/** Unused imports (F401), redefinitions of unused names (F811) and unused local variables (F841). */
export async function pythonFindings(programs: readonly Program[], ruff: string): Promise<Findings> {
  return inScratchFolder("ruff", async (dir) => {
    const names = writePrograms(dir, programs, (index) => `p${index}.py`);
    // --isolated: the project's own settings (if any) do not change what is checked.
    const result = await run(ruff, ["check", "--isolated", "--no-cache", "--select", "F401,F811,F841", "--output-format", "concise", "."], {
      cwd: dir,
      env: env(),
    });
    if (result.code !== 0 && result.code !== 1) throw new Error(`ruff failed (${result.code}): ${result.stderr}`);
    return renamed(result.stdout, names);
  });
}

// ---------------------------------------------------------------- JS

/**
 * TypeScript's own diagnostics for unused code: declared but never read (6133), an unused import
 * declaration or destructuring (6192, 6198), every parameter or type parameter unused (6196, 6205), and a
 * property declared but never read (6138). With checkJs, tsc also infers types from the JS literals, and
 * those widen (`provider: "fal-ai"` becomes a string), so a client library's typed signature would refuse a
 * program that runs: the check keeps the unused-code diagnostics and leaves typing to the e2e runs.
 */
const UNUSED_CODES = new Set(["TS6133", "TS6138", "TS6192", "TS6196", "TS6198", "TS6205"]);

export async function jsFindings(programs: readonly Program[]): Promise<Findings> {
  return inScratchFolder("tsc", async (dir) => {
    const names = writePrograms(dir, programs, (index) => `p${index}.mjs`);
    const config = {
      compilerOptions: {
        allowJs: true,
        checkJs: true,
        noEmit: true,
        noUnusedLocals: true,
        noUnusedParameters: true,
        module: "nodenext",
        moduleResolution: "nodenext",
        target: "es2022",
        types: ["node"],
        skipLibCheck: true,
      },
      include: ["*.mjs"],
    };
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(config));
    const tsc = join(ROOT, "node_modules", "typescript", "bin", "tsc");
    const result = await run(process.execPath, [tsc, "-p", join(dir, "tsconfig.json"), "--pretty", "false"], { cwd: dir, env: env() });
    const lines = result.stdout.split("\n").filter((line) => [...UNUSED_CODES].some((code) => line.includes(`error ${code}:`)));
    return renamed(lines.join("\n"), names);
  });
}

// ---------------------------------------------------------------- Go

/** `go vet` over every program, each a package of one module: vet type-checks (unused imports and variables) and runs its analyzers. */
export async function goFindings(programs: readonly Program[]): Promise<Findings> {
  return inScratchFolder("govet", async (dir) => {
    const names = writePrograms(dir, programs, (index) => `p${index}/main.go`);
    writeFileSync(join(dir, "go.mod"), "module hubrefvet\n\ngo 1.19\n");
    const result = await run("go", ["vet", "./..."], {
      cwd: dir,
      env: env({ GOCACHE: join(ROOT, ".tmp", "go-cache"), GOFLAGS: "-mod=mod", GOPROXY: "off", GO111MODULE: "on", CGO_ENABLED: "0" }),
    });
    if (result.code === 0) return [];
    const findings = renamed(result.stderr, names);
    if (findings.length === 0) throw new Error(`go vet failed (${result.code}): ${result.stderr}`);
    return findings;
  });
}

// ---------------------------------------------------------------- Java

/** javac with every lint as an error, all programs in one run (each in a package of its own, as the e2e runner does). */
export async function javaFindings(programs: readonly Program[]): Promise<Findings> {
  return inScratchFolder("javac", async (dir) => {
    const names = writePrograms(
      dir,
      programs,
      (index) => `p${index}/Main.java`,
      (program, index) => `package p${index};\n${program.content}`,
    );
    const files = [...names.keys()];
    // A short-lived JVM spends most of its CPU in the optimising compiler and parallel GC threads: the e2e runner's flags.
    const jvm = ["-J-XX:+UseSerialGC", "-J-XX:TieredStopAtLevel=1", "-J-Xshare:auto"];
    const result = await run("javac", [...jvm, "-Xlint:all", "-Werror", "-proc:none", "-encoding", "UTF-8", "-d", join(dir, "classes"), ...files], {
      cwd: dir,
      env: env(),
    });
    if (result.code === 0) return [];
    const findings = renamed(result.stderr, names);
    if (findings.length === 0) throw new Error(`javac failed (${result.code}): ${result.stderr}`);
    return findings;
  });
}

// ---------------------------------------------------------------- Ruby

/** Ruby's compiler with warnings on ("assigned but unused variable" and the like), every program in one process. */
const RUBY_WARNINGS = `$VERBOSE = true
ARGV.each do |file|
  RubyVM::InstructionSequence.compile_file(file)
rescue SyntaxError => e
  warn "#{file}: #{e.message.lines.first}"
end`;

export async function rubyFindings(programs: readonly Program[]): Promise<Findings> {
  return inScratchFolder("rubyw", async (dir) => {
    const names = writePrograms(dir, programs, (index) => `p${index}.rb`);
    const result = await run("ruby", ["-e", RUBY_WARNINGS, ...names.keys()], { cwd: dir, env: env() });
    if (result.code !== 0) throw new Error(`ruby failed (${result.code}): ${result.stderr}`);
    return renamed(result.stderr, names);
  });
}

// ---------------------------------------------------------------- PHP

/** PHP's parser on every program in one process (`php -l` takes one file): a syntax error is a finding. */
const PHP_PARSE = `foreach (array_slice($argv, 1) as $file) {
    try {
        token_get_all(file_get_contents($file), TOKEN_PARSE);
    } catch (ParseError $e) {
        echo $file, ':', $e->getLine(), ': ', $e->getMessage(), "\\n";
    }
}`;

export async function phpFindings(programs: readonly Program[]): Promise<Findings> {
  return inScratchFolder("phpl", async (dir) => {
    const names = writePrograms(dir, programs, (index) => `p${index}.php`);
    const result = await run("php", ["-r", PHP_PARSE, ...names.keys()], { cwd: dir, env: env() });
    if (result.code !== 0) throw new Error(`php failed (${result.code}): ${result.stderr}`);
    return renamed(result.stdout, names);
  });
}

// ---------------------------------------------------------------- names no tool checks

/** Languages whose helpers (and Java's and Ruby's imports) `unusedNames` reads. */
export type NamedLanguage = "python" | "go" | "java" | "ruby" | "php";

/** The declarations of helpers: top-level functions (Python, Go), methods (Java), `def` (Ruby), `function` (PHP). */
const HELPERS: Record<NamedLanguage, RegExp> = {
  python: /^def (\w+)\(/gm,
  go: /^func (\w+)(?:\[[^\]]*\])?\(/gm,
  java: /^ +(?:(?:public|private|protected|static|final)\s+)+(?:<[^>]+>\s+)?[\w<>[\]?, .]+?\s+(\w+)\s*\([^)]*\)\s*(?:throws [\w., ]+)?\{/gm,
  ruby: /^\s*def (\w+[?!]?)/gm,
  php: /^\s*function (\w+)\s*\(/gm,
};

/** Where the program's own entry point is, which nothing calls. */
const ENTRY_POINTS = new Set(["main"]);

/** The comment lines of each language, which may name a helper without using it. */
const COMMENT_LINE: Record<NamedLanguage, RegExp> = {
  python: /^\s*#.*$/gm,
  go: /^\s*\/\/.*$/gm,
  java: /^\s*(?:\/\/|\/\*\*?|\*).*$/gm,
  ruby: /^\s*#.*$/gm,
  php: /^\s*(?:\/\/|\/\*\*?|\*).*$/gm,
};

/** Ruby libraries the snippets require, and the constant that using each shows. */
const RUBY_LIBRARIES: Record<string, RegExp> = {
  json: /\bJSON\b/,
  base64: /\bBase64\b/,
  "net/http": /\bNet::HTTP\b/,
  uri: /\bURI\b/,
  securerandom: /\bSecureRandom\b/,
};

function count(text: string, word: string): number {
  return text.match(new RegExp(`(?<![\\w$])${word.replace(/[?!]/g, "\\$&")}(?![\\w])`, "g"))?.length ?? 0;
}

/**
 * Helpers declared and never named again, Java imports whose simple name the program never uses, and Ruby
 * `require`s whose library the program never touches. A name is judged by its words outside comments, so a
 * helper named only in a string counts as used: the check errs towards silence.
 */
export function unusedNames(language: NamedLanguage, source: string): string[] {
  const code = source.replace(COMMENT_LINE[language], "");
  const findings: string[] = [];
  const declared = new Map<string, number>();
  for (const match of code.matchAll(HELPERS[language])) declared.set(match[1]!, (declared.get(match[1]!) ?? 0) + 1);
  for (const [name, declarations] of declared) {
    if (ENTRY_POINTS.has(name)) continue;
    if (count(code, name) <= declarations) findings.push(`the helper ${name} is never used`);
  }
  if (language === "java") {
    const body = code.replace(/^import .*$/gm, "");
    for (const match of code.matchAll(/^import (?:static )?[\w.]+\.(\w+);$/gm)) {
      if (count(body, match[1]!) === 0) findings.push(`the import ${match[1]} is never used`);
    }
  }
  if (language === "ruby") {
    const body = code.replace(/^require .*$/gm, "");
    for (const match of code.matchAll(/^require '([\w/]+)'$/gm)) {
      const use = RUBY_LIBRARIES[match[1]!];
      if (use !== undefined && !use.test(body)) findings.push(`require '${match[1]}' is never used`);
    }
  }
  return findings;
}
