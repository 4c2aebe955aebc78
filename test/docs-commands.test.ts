import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentedCommands } from "../scripts/docs.js";
import { runProgram } from "../src/cli/program.js";
import { HUB_VARIABLES } from "../src/words/names.js";
import { ROOT } from "./helpers/cli.js";
import { fakeContext } from "./helpers/context.js";

/*
 * The commands README, docs/ and `--help` give a new user to set hubref up, run
 * as written from this clone: the install and test commands README opens with,
 * every way it tells an agent to start `hubref mcp` (each completes the MCP
 * handshake with the SDK's client), the library installed into a scratch
 * project as docs/api.md says, with the page's examples that stand alone run
 * there. While package.json says `"private": true` (the package is on no
 * registry), no text may name a registry package `hubref` (`npx hubref`,
 * `npm install hubref`): whoever published that name would run in its place.
 */

const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  name: string;
  private?: boolean;
  scripts: Record<string, string>;
  bin: Record<string, string>;
};
/** Where the docs say to put a clone's absolute path. */
const CLONE_PLACEHOLDER = "/path/to/hubref";

interface Text {
  place: string;
  text: string;
}

/** README.md and every Markdown file under docs/, hand-written sources included. */
function documents(): Text[] {
  const found: Text[] = [{ place: "README.md", text: readFileSync(join(ROOT, "README.md"), "utf8") }];
  const walk = (folder: string) => {
    for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true })) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".md")) found.push({ place: path, text: readFileSync(join(ROOT, path), "utf8") });
    }
  };
  walk("docs");
  return found;
}

/** What `hubref --help` and each command's `--help` print. */
async function helpTexts(): Promise<Text[]> {
  const texts: Text[] = [];
  for (const words of [[], ...documentedCommands().map((command) => [command.name()])]) {
    const { context, output } = fakeContext({}, false, 200);
    await runProgram(["node", "hubref", ...words, "--help"], context);
    texts.push({ place: `hubref ${[...words, "--help"].join(" ")}`, text: output() });
  }
  return texts;
}

/** The fenced blocks of a Markdown text, with their info string. */
function fencedBlocks(text: string): { info: string; body: string }[] {
  return [...text.matchAll(/^```([^\n]*)\n([\s\S]*?)^```$/gm)].map((match) => ({ info: match[1]!.trim(), body: match[2]! }));
}

/** Running a package by its registry name: `npx -y hubref`, `npm exec hubref`, `pnpm dlx hubref`, `bunx hubref`. */
const RUN_FROM_REGISTRY = /\b(?:npx|bunx|npm\s+exec|pnpm\s+dlx|yarn\s+dlx)\s+(?:-\S+\s+)*hubref(?:@[^\s`'"]*)?(?=[\s`'"]|$)/gm;
/** Installing it by that name: `npm install hubref`, `npm i -g hubref@1`, `pnpm add hubref`. */
const INSTALL_FROM_REGISTRY = /\b(?:npm|pnpm|yarn|bun)\s+(?:install|i|add)\s+(?:-\S+\s+)*hubref(?:@[^\s`'"]*)?(?=[\s`'"]|$)/gm;

interface McpServerConfig {
  command: string;
  args?: string[];
  env?: Record<string, string>;
}

/** The MCP servers of a JSON configuration block (`mcpServers`, or VS Code's `servers`). */
function configServers(body: string): McpServerConfig[] {
  const config = JSON.parse(body) as { mcpServers?: Record<string, McpServerConfig>; servers?: Record<string, McpServerConfig> };
  return Object.values({ ...config.mcpServers, ...config.servers });
}

/** A command to start as a documented agent starts it: the words after `claude mcp add NAME --`, or a JSON config's. */
interface AgentCommand {
  place: string;
  command: string;
  args: string[];
}

function agentCommands(texts: readonly Text[]): AgentCommand[] {
  const found: AgentCommand[] = [];
  for (const { place, text } of texts) {
    for (const match of text.matchAll(/claude mcp add \S+ -- ([^`\n]+)/g)) {
      const [command, ...args] = match[1]!.trim().split(/\s+/);
      found.push({ place, command: command!, args });
    }
    for (const block of fencedBlocks(text).filter((candidate) => candidate.info === "json" && /"(mcpServers|servers)"/.test(candidate.body))) {
      for (const server of configServers(block.body)) found.push({ place: `${place} (JSON)`, command: server.command, args: server.args ?? [] });
    }
  }
  return found;
}

let texts: Text[];
let scratch: string;
/** The folder an `npm install -g .` of this clone put `hubref` in. */
let globalBin: string;
/** A scratch project with the clone installed as docs/api.md says. */
let project: string;

function npm(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): void {
  // --ignore-scripts: the clone is built already, and other test files read its dist/ while this one runs.
  const result = spawnSync("npm", [...args, "--ignore-scripts", "--offline", "--no-audit", "--no-fund"], {
    cwd,
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
  expect(result.error, "npm runs").toBeUndefined();
  expect(result.status, `npm ${args.join(" ")}: ${result.stderr}`).toBe(0);
}

beforeAll(async () => {
  texts = [...documents(), ...(await helpTexts())];
  scratch = mkdtempSync(join(tmpdir(), "hubref-docs-commands-"));
  const prefix = join(scratch, "global");
  npm(["install", "-g", ROOT], scratch, { NPM_CONFIG_PREFIX: prefix });
  globalBin = join(prefix, "bin");
  project = join(scratch, "project");
  mkdirSync(project);
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "scratch", private: true, type: "module" }));
  npm(["install", ROOT], project);
}, 120_000);

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe("the set-up commands of README, docs/ and --help", () => {
  it("README opens with the install-and-link command and the test command, each one this clone has", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const head = readme.slice(0, readme.indexOf("\n## "));
    const first = fencedBlocks(head)[0];
    expect(first?.body.split("\n").filter(Boolean)).toEqual(["$ npm install && npm link", "$ npm test"]);
    expect(manifest.scripts.test, "package.json's test script").toBeDefined();
    // npm link puts the package's bin on the PATH: the `hubref` the examples run.
    expect(manifest.bin).toEqual({ hubref: "bin/hubref" });
  });

  it.runIf(manifest.private === true)("name no registry package `hubref` while package.json says private", () => {
    const found: string[] = [];
    for (const { place, text } of texts) {
      for (const match of [...text.matchAll(RUN_FROM_REGISTRY), ...text.matchAll(INSTALL_FROM_REGISTRY)]) found.push(`${place}: ${match[0]}`);
      for (const block of fencedBlocks(text).filter((candidate) => candidate.info === "json" && /"(mcpServers|servers)"/.test(candidate.body)))
        for (const server of configServers(block.body))
          if (/^(npx|bunx|pnpm|yarn)$/.test(server.command) && (server.args ?? []).some((arg) => /^hubref(@|$)/.test(arg)))
            found.push(`${place}: "command": "${server.command}", "args": ${JSON.stringify(server.args)}`);
    }
    expect(found).toEqual([]);
  });

  it("the registry check would see the forms the docs used to give", () => {
    const old = [
      "claude mcp add hubref -- npx -y hubref mcp",
      "npm install hubref",
      "`npx hubref snippet x`",
      "npm i -g hubref@latest",
      "npx --yes hubref@0.1.0 mcp",
    ];
    for (const line of old) expect([...line.matchAll(RUN_FROM_REGISTRY), ...line.matchAll(INSTALL_FROM_REGISTRY)], line).toHaveLength(1);
    for (const line of ["npm install /path/to/hubref", "npm install -g .", "npx vitest run test/readme.test.ts", "npm install /path/to/hubref-0.1.0.tgz"])
      expect([...line.matchAll(RUN_FROM_REGISTRY), ...line.matchAll(INSTALL_FROM_REGISTRY)], line).toEqual([]);
  });

  it("give every agent command shape in both docs and --help, and each completes the MCP handshake as written", async () => {
    const commands = agentCommands(texts);
    const shapes = new Map<string, AgentCommand>();
    for (const found of commands) shapes.set(JSON.stringify([found.command, ...found.args]), found);
    // The two ways: hubref on the PATH, and node with the clone's script; each as a claude line and a JSON config.
    expect([...shapes.keys()].sort()).toEqual([JSON.stringify(["hubref", "mcp"]), JSON.stringify(["node", `${CLONE_PLACEHOLDER}/bin/hubref`, "mcp"])].sort());
    for (const shape of shapes.keys()) {
      const places = commands.filter((found) => JSON.stringify([found.command, ...found.args]) === shape).map((found) => found.place);
      expect(
        places.some((place) => place.endsWith("(JSON)")),
        `${shape} as a JSON config`,
      ).toBe(true);
      expect(
        places.some((place) => place.startsWith("hubref mcp --help")),
        `${shape} in hubref mcp --help`,
      ).toBe(true);
    }
    for (const { place, command, args } of shapes.values()) {
      const transport = new StdioClientTransport({
        command,
        args: args.map((arg) => arg.replace(CLONE_PLACEHOLDER, ROOT.replace(/\/$/, ""))),
        // The PATH an agent has after `npm link`: npm's global folder (here a scratch one) and node's.
        env: { PATH: [globalBin, dirname(process.execPath), process.env.PATH ?? ""].join(delimiter), HF_ENDPOINT: "http://127.0.0.1:9", HOME: scratch },
        stderr: "pipe",
      });
      const client = new Client({ name: "docs-commands-test", version: "1.0.0" });
      await client.connect(transport);
      const { tools } = await client.listTools();
      expect(
        tools.map((tool) => tool.name),
        `${place}: ${command} ${args.join(" ")}`,
      ).toContain("get_snippet");
      await client.close();
    }
  }, 60_000);
});

/** A block of docs/api.md (or README's library example) run as a module of the scratch project. */
function runExample(source: string, names: readonly string[], file: string): Promise<{ status: number | null; stderr: string }> {
  // The page's blocks after the first name the functions without importing them; the hub is never reached.
  const prelude = /from "hubref"/.test(source) ? "" : `const { ${names.join(", ")} } = await import("hubref");\n`;
  const offline = 'globalThis.fetch = async () => { throw new Error("no network in this test"); };\n';
  writeFileSync(join(project, file), offline + prelude + source);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file], { cwd: project, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stderr }));
  });
}

describe("the library from a clone, as docs/api.md installs it", () => {
  it("imports, and runs each example of the page (and README's) that stands alone", async () => {
    const names = Object.keys(await import("../src/api/index.js"));
    const blocks = [
      ...fencedBlocks(readFileSync(join(ROOT, "docs/api.md"), "utf8")),
      ...fencedBlocks(readFileSync(join(ROOT, "README.md"), "utf8")).filter((block) => block.body.includes('from "hubref"')),
    ].filter((block) => block.info === "ts");
    const ran: string[] = [];
    for (const [index, block] of blocks.entries()) {
      const { status, stderr } = await runExample(block.body, names, `example-${index}.mjs`);
      if (status === 0) {
        ran.push(block.body.split("\n")[0]!);
        continue;
      }
      // A block that uses a value the page makes in another (`model`, `firstBytes`) or writes TypeScript's types is not one to run alone.
      expect(stderr, block.body).toMatch(/ReferenceError: \w+ is not defined|SyntaxError: /);
    }
    expect(ran, "the page's import and the examples that need nothing else").toContain('import { inferenceSnippets, getModel } from "hubref";');
    expect(ran.length).toBeGreaterThanOrEqual(3);
  }, 120_000);
});

describe("docs/output.md's environment table", () => {
  it("names every variable hubref reads", () => {
    const page = readFileSync(join(ROOT, "docs/output.md"), "utf8");
    const table = page.split("## Environment variables")[1]!.split("\n## ")[0]!;
    const listed = new Set([...table.matchAll(/^\| ([^|]+) \|/gm)].flatMap((row) => [...row[1]!.matchAll(/`([A-Z_]+)`/g)].map((name) => name[1]!)));
    const read = new Set<string>(Object.values(HUB_VARIABLES));
    const walk = (folder: string) => {
      for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true })) {
        const path = `${folder}/${entry.name}`;
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name)) for (const match of readFileSync(join(ROOT, path), "utf8").matchAll(/\bHUBREF_[A-Z_]+\b/g)) read.add(match[0]);
      }
    };
    walk("src");
    expect([...read].filter((name) => !listed.has(name)).sort()).toEqual([]);
    expect(listed).toContain("HUBREF_ROUTER_URL");
  });
});
