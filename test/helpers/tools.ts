import { spawnSync } from "node:child_process";
import { beforeEach, it } from "vitest";
import { toolchainsRequired } from "./toolchains.js";

/*
 * The programs beyond Node that some tests run, each with the Debian package that has it (.ci/run
 * installs them). On a machine without one, the tests that need it are skipped, and a test named
 * "skips …: no … here" says which and why; with HUBREF_REQUIRE_TOOLCHAINS=1 (.ci/run sets it) a
 * missing one fails the run instead. The Go, Java, Ruby and PHP toolchains are test/helpers/toolchains.ts's.
 */
export const TOOLS = {
  // Python's own parser, the judge of generated Python.
  python3: { command: "python3", args: ["-c", "pass"], needs: "python3", package: "python3" },
  // The Python snippets' interpreter, with the package the requests snippets import.
  requests: { command: "python3", args: ["-c", "import requests"], needs: "python3 with requests", package: "python3 python3-requests" },
  curl: { command: "curl", args: ["--version"], needs: "curl", package: "curl" },
  tmux: { command: "tmux", args: ["-V"], needs: "tmux", package: "tmux" },
  "xvfb-run": { command: "xvfb-run", args: ["--help"], needs: "xvfb-run", package: "xvfb xauth" },
  xsel: { command: "xsel", args: ["--version"], needs: "xsel", package: "xsel" },
  // util-linux's script: a pseudo-terminal for a command that must see one.
  script: { command: "script", args: ["--version"], needs: "script", package: "bsdutils" },
  // util-linux's setsid: a command in a session of its own, with no controlling terminal.
  setsid: { command: "setsid", args: ["--version"], needs: "setsid", package: "util-linux" },
} as const;

export type Tool = keyof typeof TOOLS;

const found = new Map<Tool, boolean>();

/** Whether a tool runs here (asked once per process). */
export function hasTool(tool: Tool): boolean {
  let ok = found.get(tool);
  if (ok === undefined) {
    ok = spawnSync(TOOLS[tool].command, [...TOOLS[tool].args], { stdio: "ignore" }).status === 0;
    found.set(tool, ok);
  }
  return ok;
}

/**
 * Whether the tools are all here. Where one is not, a skipped test names `subject` and what is missing,
 * or, where .ci/run requires every tool, this throws.
 */
export function toolsHere(subject: string, ...tools: Tool[]): boolean {
  const missing = tools.filter((tool) => !hasTool(tool));
  if (missing.length === 0) return true;
  const reason = `no ${missing.map((tool) => TOOLS[tool].needs).join(", ")} here (Debian: ${missing.map((tool) => TOOLS[tool].package).join(" ")})`;
  if (toolchainsRequired()) throw new Error(`${subject} need ${reason.slice(3)}, and HUBREF_REQUIRE_TOOLCHAINS=1 requires it`);
  it.skip(`skips ${subject}: ${reason}`, () => {});
  return false;
}

/**
 * As toolsHere, for a whole test file: where a tool is missing, every test of the file is skipped too
 * (a file-level beforeAll still runs, and returns at once when this said false).
 */
export function fileNeeds(subject: string, ...tools: Tool[]): boolean {
  const here = toolsHere(subject, ...tools);
  if (!here) beforeEach((context) => context.skip());
  return here;
}
