import type { Command } from "commander";
import type { CommandContext } from "./context.js";
import { sharedOption } from "./flag-rules.js";
import { renderJson, renderTable, styleFor, terminalColumns } from "../output/output.js";
import { deviceReport, findDevices } from "../hardware/list.js";
import { hardwareCatalogue } from "../hardware/catalogue.js";
import { didYouMean } from "../util/suggest.js";
import { terminalLine } from "../output/terminal-text.js";

/** The options as commander hands them over. */
export interface HardwareOptions {
  json: boolean;
}

/** `hubref hardware [QUERY]`, parsed. */
export interface HardwareCommand {
  query?: string;
  json: boolean;
}

export function registerHardware(program: Command, context: CommandContext): void {
  const command = program
    .command("hardware")
    .description("the devices --fits knows: GPUs, Apple chips and CPUs, with memory, bandwidth and TFLOPS")
    .argument("[query]", "only devices whose name contains this (any case; NVIDIA, RTX, Apple and other brand words optional)");
  sharedOption(command, "json", { description: "print a JSON array of {name, kind, vendor, memoryGB, bandwidthGBs, bandwidthSource, tflops}" })
    .addHelpText(
      "after",
      `
Memory is the sizes a device is sold with (GB); bandwidth is the vendor's
published peak (GB/s), which the speed estimate of --fits divides by; TFLOPS
are FP16, from the hub's hardware list. A name listed here is one --fits takes.

Examples:
  $ hubref hardware 4090
  $ hubref hardware "m3 max" --json
  $ hubref models --fits "RTX 4090" --ctx 32768 --task text-generation`,
    )
    .action(async (query: string | undefined, options: HardwareOptions) => {
      await runHardware(parseHardwareCommand(query, options), context);
    });
}

export function parseHardwareCommand(query: string | undefined, raw: HardwareOptions): HardwareCommand {
  const trimmed = query?.trim();
  return { ...(trimmed ? { query: trimmed } : {}), json: raw.json };
}

const HEADER = ["name", "kind", "memory", "bandwidth", "TFLOPS"];

export async function runHardware(command: HardwareCommand, context: CommandContext): Promise<void> {
  const devices = findDevices(command.query);
  if (command.json) context.stdout.write(renderJson(devices.map(deviceReport)));
  else if (devices.length > 0) {
    const rows = devices.map((device) => [
      device.name,
      device.kind,
      device.memoryGB ? `${[...device.memoryGB].sort((a, b) => a - b).join(", ")} GB` : "system's",
      device.bandwidthGBs === undefined ? "" : `${device.bandwidthGBs} GB/s`,
      String(device.tflops),
    ]);
    const style = await styleFor(context.stdout, context.env);
    const aligned = context.stdout.isTTY === true;
    context.stdout.write(renderTable({ header: HEADER, rows, style, aligned, ...(aligned && { width: terminalColumns(context.stdout) }) }));
  }
  if (devices.length === 0 && command.query !== undefined) {
    const suggestion = didYouMean(
      command.query,
      hardwareCatalogue().devices.map((device) => device.name),
    );
    context.stderr.write(`note: no device matches '${terminalLine(command.query)}'${suggestion ? `; ${suggestion}` : ""}\n`);
  }
}
