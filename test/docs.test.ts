import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { runProgram } from "../src/cli/program.js";
import { documentedCommands, PAGES, ROOT, renderAll } from "../scripts/docs.js";
import { fakeContext } from "./helpers/context.js";

/*
 * docs/commands/ is generated (`npm run docs`): each page must be what the
 * generator makes of the commands today, and must list exactly the options
 * `hubref <command> --help` prints, so the reference cannot drift from the code.
 */

const pages = renderAll();

/** The flags `--help` prints, one per option line of its Options section. */
async function helpFlags(command: string): Promise<string[]> {
  const { context, output } = fakeContext({}, false, 200);
  expect(await runProgram(["node", "hubref", command, "--help"], context)).toBe(0);
  const lines = output().split("\n");
  const start = lines.indexOf("Options:");
  const flags: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === "") break;
    const match = /^ {2}(-\S.*?)(?: {2,}|$)/.exec(line);
    if (match) flags.push(match[1]!);
  }
  return flags;
}

/** The flags of a page's options table, as its first column writes them. */
function pageFlags(page: string): string[] {
  const section = page.split("\n## Options\n")[1]!.split("\n## ")[0]!;
  return [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1]!.replaceAll("\\|", "|"));
}

describe("docs/commands/", () => {
  it("holds exactly the pages npm run docs writes, each as it writes it", () => {
    const onDisk = readdirSync(PAGES).filter((file) => file.endsWith(".md"));
    expect(onDisk.sort(), "run npm run docs").toEqual([...pages.keys()].sort());
    for (const [file, text] of pages) expect(readFileSync(join(PAGES, file), "utf8"), `docs/commands/${file}: run npm run docs`).toBe(text);
  });

  it("has a page for every command hubref --help lists", async () => {
    const { context, output } = fakeContext({}, false, 200);
    await runProgram(["node", "hubref", "--help"], context);
    const listed = [...output().matchAll(/^ {2}([a-z][\w-]*) /gm)].map((match) => match[1]!).filter((name) => name !== "help");
    expect(listed.length).toBeGreaterThan(0);
    expect(documentedCommands().map((command) => command.name())).toEqual(listed);
  });

  it.each(documentedCommands().map((command) => [command.name()]))("%s: the page lists exactly the options --help prints", async (name) => {
    const flags = await helpFlags(name);
    expect(flags).toContain("-h, --help");
    expect(pageFlags(pages.get(`${name}.md`)!)).toEqual(flags);
  });
});

/** README.md and every Markdown file under docs/, by path from the root. */
function markdownFiles(): string[] {
  const found = ["README.md"];
  const walk = (folder: string) => {
    for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true })) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".md")) found.push(path);
    }
  };
  walk("docs");
  return found;
}

describe("links between the docs", () => {
  it.each(markdownFiles().map((file) => [file]))("%s: every relative link names a file that exists", (file) => {
    const text = readFileSync(join(ROOT, file), "utf8").replace(/```[\s\S]*?```/g, "");
    // A hand-written source is read from the generated page beside it, one folder up.
    const from = file.includes("/_examples/") ? dirname(dirname(file)) : dirname(file);
    const broken = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
      .map((match) => match[1]!)
      .filter((target) => !/^[a-z]+:/.test(target))
      .filter((target) => !existsSync(join(ROOT, from, target)))
      .map((target) => relative(ROOT, join(ROOT, from, target)));
    expect(broken).toEqual([]);
  });
});
