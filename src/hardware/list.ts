import type { Device, HardwareCatalogue } from "../build/schemas/hardware.js";
import { hardwareCatalogue, keysOf, namesOf, squeeze } from "./catalogue.js";

/*
 * `hubref hardware [QUERY]`: the devices --fits knows, narrowed by a query
 * written as --fits takes a name (any case, brand words optional), so that a
 * device listed is one --fits accepts.
 */

/** Devices whose name or another name they answer to, with or without brand words, contains the query; all of them without one. */
export function findDevices(query: string | undefined, catalogue: HardwareCatalogue = hardwareCatalogue()): Device[] {
  const wanted = query === undefined ? "" : squeeze(query);
  if (wanted === "") return [...catalogue.devices];
  return catalogue.devices.filter((device) => namesOf(device).some((name) => keysOf(name).some((key) => key.includes(wanted))));
}

/** A device as `--json` prints it: every figure, null where the list has none. */
export function deviceReport(device: Device) {
  return {
    name: device.name,
    kind: device.kind,
    vendor: device.vendor,
    memoryGB: device.memoryGB ?? null,
    architecture: device.architecture ?? null,
    aliases: device.aliases ?? [],
    bandwidthGBs: device.bandwidthGBs ?? null,
    bandwidthByMemoryGB: device.bandwidthByMemoryGB ?? null,
    bandwidthSource: device.bandwidthSource ?? null,
    tflops: device.tflops,
    origin: device.origin ?? "hub",
  };
}
