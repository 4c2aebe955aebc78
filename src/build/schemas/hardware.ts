import { z } from "zod";

/*
 * The hub's hardware list: GPUs, CPUs and Apple chips by name, with their
 * FP16 TFLOPS, the memory sizes (GB) each comes in and, where published,
 * the memory bandwidth with its source. `--fits HARDWARE` reads it.
 */

const HardwareKindSchema = z.enum(["gpu", "cpu", "apple"]);

const DeviceSchema = z.strictObject({
  name: z.string().min(1),
  kind: HardwareKindSchema,
  vendor: z.string().min(1),
  tflops: z.number().positive(),
  /** GB each model of the device comes with; CPUs and GPUs that share the system's memory have none (it is named with `:`). */
  memoryGB: z.array(z.number().positive()).min(1).optional(),
  /** Peak memory bandwidth in GB/s (10^9 bytes a second), from the vendor's published specification; the speed estimate needs it. */
  bandwidthGBs: z.number().positive().optional(),
  /** Where the bandwidth figure comes from: given whenever the figure is. */
  bandwidthSource: z.string().min(1).optional(),
});

export const HardwareCatalogueSchema = z
  .strictObject({
    source: z.string(),
    defaultMemoryOptionsGB: z.array(z.number().positive()).min(1),
    devices: z.array(DeviceSchema).min(1),
  })
  .superRefine((catalogue, ctx) => {
    const seen = new Set<string>();
    catalogue.devices.forEach((device, index) => {
      if (seen.has(device.name.toLowerCase())) ctx.addIssue({ code: "custom", path: ["devices", index, "name"], message: `duplicate device '${device.name}'` });
      seen.add(device.name.toLowerCase());
      if ((device.bandwidthGBs === undefined) !== (device.bandwidthSource === undefined))
        ctx.addIssue({
          code: "custom",
          path: ["devices", index, "bandwidthSource"],
          message: `'${device.name}': a bandwidth figure and its source go together`,
        });
    });
  });

export type Device = z.infer<typeof DeviceSchema>;
export type HardwareCatalogue = z.infer<typeof HardwareCatalogueSchema>;
