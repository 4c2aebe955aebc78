import type { HARDWARE_PROBLEMS, SizeFault } from "../outcome/hardware-problems.js";
import type { RecordsOf } from "../outcome/kind.js";
import { didYouMeanWords } from "./choice-words.js";
import type { Names } from "./names.js";
import { said, type Text } from "./text.js";

type HardwareProblem = RecordsOf<typeof HARDWARE_PROBLEMS>;
type Of<K extends HardwareProblem["kind"]> = Extract<HardwareProblem, { kind: K }>;

function sizeWords(given: string, fault: SizeFault, names: Names): Text {
  const fits = names.setting("fits");
  switch (fault.kind) {
    case "not-size":
      return said(`${fits} takes a memory size such as 8GB or 16GiB, got '${given}'`);
    case "zero":
      return said(`${fits} takes a size above zero, got '${given}'`);
    case "too-large":
      // formatBytes stops at GB, and the limit is petabytes.
      return said(`${fits} takes a size up to ${fault.limitBytes / 1e15} PB, got '${given}'`);
  }
}

/** `--fits "RTX 3060:12"`: a device and a memory size, as the setting takes them. */
function withSize(device: string, size: number, names: Names): string {
  return `for example: ${names.setting("fits")} "${device}:${size}"`;
}

export const HARDWARE_WORDS: { [K in HardwareProblem["kind"]]: (problem: Of<K>, names: Names) => Text } = {
  "fits-size-invalid": (problem, names) => sizeWords(problem.given, problem.fault, names),
  "fits-number-without-unit": (problem, names) =>
    said(
      `${names.setting("fits")} ${problem.given} has no unit and names no device`,
      `for memory write ${problem.given}GB (10^9 bytes) or ${problem.given}GiB (2^30 bytes); for a device, \`hubref hardware\` lists the names`,
    ),
  "unknown-hardware": (problem) =>
    said(
      `unknown hardware '${problem.given}'`,
      problem.closest === undefined
        ? "give a size such as 16GB, a device `hubref hardware` lists, or auto for this machine"
        : `${didYouMeanWords(problem.closest)} (\`hubref hardware\` lists every device)`,
    ),
  "hardware-ambiguous": (problem) => said(`'${problem.given}' names several devices: ${problem.devices.join(", ")}`, "name one of them"),
  "device-count-invalid": (problem, names) => said(`${names.setting("fits")} counts ${problem.min} to ${problem.max} devices, got ${problem.given}`),
  "device-memory-not-made": (problem, names) =>
    said(`${problem.device} comes with ${problem.sizes.join(", ")} GB, not ${problem.asked}`, withSize(problem.device, problem.sizes.at(-1)!, names)),
  "device-memory-unnamed": (problem, names) => {
    const { device, why } = problem;
    if (why.kind === "several")
      return said(`${device} comes with ${why.sizes.join(", ")} GB: name one after a colon`, withSize(device, why.sizes.at(-1)!, names));
    return said(
      `${device} ${why.kind === "cpu" ? "is a CPU" : "shares the system's memory"}: name the machine's memory after a colon`,
      withSize(device, 32, names),
    );
  },
};
