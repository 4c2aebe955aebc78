import { readFileSync } from "node:fs";
import type { Command } from "commander";
import type { CommandContext } from "./context.js";
import { sharedOption } from "./flag-rules.js";
import { operationalError } from "../errors.js";

/*
 * `hubref mcp`: the Model Context Protocol server over stdin and stdout, for
 * coding agents. The server and the SDK load only for this command.
 */

/** The SDK is an optional peer dependency of the package (the library does not need it); a clone has it. */
const SDK_HINT = "run `npm install @modelcontextprotocol/sdk` where hubref is installed, or run hubref from a clone after `npm install`";

/** Whether loading the server failed because the SDK is not installed. */
function sdkMissing(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (code === "MODULE_NOT_FOUND" || code === "ERR_MODULE_NOT_FOUND") && String(message).includes("@modelcontextprotocol/sdk");
}

/** `hubref mcp`, parsed: the cache policy every tool's hub reads follow. */
export interface McpCommand {
  offline: boolean;
}

export function parseMcpCommand(options: { offline?: boolean }): McpCommand {
  return { offline: options.offline === true };
}

async function runMcp(command: McpCommand, context: CommandContext): Promise<void> {
  const { serveMcp } = await import("../mcp/server.js").catch((error: unknown) => {
    throw sdkMissing(error) ? operationalError("hubref mcp needs the package @modelcontextprotocol/sdk, which is not installed", SDK_HINT) : error;
  });
  const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
  await serveMcp({ env: context.env, offline: command.offline, version: manifest.version });
}

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
    await runMcp(parseMcpCommand(options), context);
  });
}
