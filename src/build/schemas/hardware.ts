import { z } from "zod";

/*
 * The hub's hardware list: GPUs, CPUs and Apple chips by name, with their
 * FP16 TFLOPS, the memory sizes (GB) each comes in and, for every GPU and
 * Apple chip, its architecture and the memory bandwidth with the public spec
 * page it comes from. A few variants the hub's list lacks (PCIe and SXM
 * cards, SUPER and XT parts the llama.cpp scoreboards name) are added, marked
 * with their origin. `--fits HARDWARE` reads it; the speed estimate uses the
 * bandwidth, the TFLOPS and the architecture.
 */

const HardwareKindSchema = z.enum(["gpu", "cpu", "apple"]);

const SpecPage = z.url({ protocol: /^https$/ });

const ArchitectureSchema = z.strictObject({
  /** What a device's `architecture` names. */
  id: z.string().regex(/^[a-z0-9.-]+$/),
  name: z.string().min(1),
  vendor: z.string().min(1),
  /** The year its first part came out: the machines beside it are of that time (their system memory). */
  released: z.number().int().min(2000).max(2100),
});

const DeviceSchema = z.strictObject({
  name: z.string().min(1),
  kind: HardwareKindSchema,
  vendor: z.string().min(1),
  tflops: z.number().positive(),
  /** GB each model of the device comes with; CPUs and GPUs that share the system's memory have none (it is named with `:`). */
  memoryGB: z.array(z.number().positive()).min(1).optional(),
  /** The architecture's id (`architectures`): the speed estimate's per-architecture rules. */
  architecture: z.string().min(1).optional(),
  /** Other names the device answers to as a whole (`H100 SXM`, `DGX Spark`), as `--fits` reads a name. */
  aliases: z.array(z.string().min(1)).min(1).optional(),
  /** Peak memory bandwidth in GB/s (10^9 bytes a second): the largest the device comes with. */
  bandwidthGBs: z.number().positive().optional(),
  /** Where the bandwidth differs by memory size (an RTX 3060 8 GB has a narrower bus than the 12 GB one): GB → GB/s. */
  bandwidthByMemoryGB: z.record(z.string().regex(/^\d+(\.\d+)?$/), z.number().positive()).optional(),
  /** The public spec page the bandwidth comes from: given whenever the figure is. */
  bandwidthSource: SpecPage.optional(),
  /** How the figure was read where the page gives it for something else (an integrated GPU's system memory). */
  bandwidthNote: z.string().min(1).optional(),
  /** Where the hub's TFLOPS count other units than the architecture's peers (tensor cores, a double-rate FP16), the figure the speed estimate compares. */
  speedTflops: z.number().positive().optional(),
  speedTflopsSource: SpecPage.optional(),
  /** `hubref` for a device the hub's list does not hold; its figures then come from `specSource`. */
  origin: z.literal("hubref").optional(),
  specSource: SpecPage.optional(),
});

export const HardwareCatalogueSchema = z
  .strictObject({
    source: z.string(),
    defaultMemoryOptionsGB: z.array(z.number().positive()).min(1),
    architectures: z.array(ArchitectureSchema).min(1),
    devices: z.array(DeviceSchema).min(1),
  })
  .superRefine((catalogue, ctx) => {
    const issue = (index: number, field: string, message: string) => ctx.addIssue({ code: "custom", path: ["devices", index, field], message });
    const architectures = new Set(catalogue.architectures.map((architecture) => architecture.id));
    const seen = new Map<string, string>();
    catalogue.devices.forEach((device, index) => {
      for (const name of [device.name, ...(device.aliases ?? [])]) {
        const key = name.toLowerCase();
        const owner = seen.get(key);
        if (owner !== undefined) issue(index, "name", `'${name}' is already ${owner === device.name ? "its name" : `'${owner}'`}`);
        seen.set(key, device.name);
      }
      if ((device.bandwidthGBs === undefined) !== (device.bandwidthSource === undefined))
        issue(index, "bandwidthSource", `'${device.name}': a bandwidth figure and its source go together`);
      if (device.kind !== "cpu" && device.bandwidthGBs === undefined)
        issue(index, "bandwidthGBs", `'${device.name}': every GPU and Apple chip has a bandwidth`);
      if (device.kind !== "cpu" && (device.architecture === undefined || !architectures.has(device.architecture)))
        issue(index, "architecture", `'${device.name}': '${device.architecture ?? ""}' is not one of architectures`);
      for (const size of Object.keys(device.bandwidthByMemoryGB ?? {}))
        if (!device.memoryGB?.includes(Number(size))) issue(index, "bandwidthByMemoryGB", `'${device.name}' does not come with ${size} GB`);
      if ((device.speedTflops === undefined) !== (device.speedTflopsSource === undefined))
        issue(index, "speedTflopsSource", `'${device.name}': a TFLOPS figure and its source go together`);
      if ((device.origin === undefined) !== (device.specSource === undefined))
        issue(index, "specSource", `'${device.name}': a device hubref adds names the page its figures come from`);
    });
  });

export type Device = z.infer<typeof DeviceSchema>;
export type Architecture = z.infer<typeof ArchitectureSchema>;
export type HardwareCatalogue = z.infer<typeof HardwareCatalogueSchema>;
