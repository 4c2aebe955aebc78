import { readFileSync } from "node:fs";
import type { Command } from "commander";
import type { CommandContext } from "./context.js";
import { sharedOption } from "./flag-rules.js";

/*
 * `hubref mcp`: the Model Context Protocol server over stdin and stdout, for
 * coding agents. The server and the SDK load only for this command.
 */

export function registerMcp(program: Command, context: CommandContext): void {
  const command = program
    .command("mcp")
    .description("serve hubref's answers to coding agents: a Model Context Protocol server on stdin and stdout")
    .addHelpText(
      "after",
      `
Tools: search_models, describe_model, get_snippet, plan_local_run, list_tasks, list_hardware.
Register it with an MCP client, from a clone (hubref is not on the npm registry):
  after npm link in the clone:  claude mcp add hubref -- hubref mcp
  or with the clone's path:     claude mcp add hubref -- node /path/to/hubref/bin/hubref mcp
The hub is reached as every command reaches it: HF_ENDPOINT, HF_TOKEN, the cache.`,
    );
  sharedOption(command, "offline").action(async (options: { offline: boolean }) => {
    const { serveMcp } = await import("../mcp/server.js");
    const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
    await serveMcp({ env: context.env, offline: options.offline, version: manifest.version });
  });
}
