import { z } from "zod";

/*
 * The hub's hardware list: GPUs, CPUs and Apple chips by name, with their
 * FP16 TFLOPS and the memory sizes (GB) each comes in. `--fits HARDWARE`
 * reads it.
 */

const HardwareKindSchema = z.enum(["gpu", "cpu", "apple"]);

const DeviceSchema = z.strictObject({
  name: z.string().min(1),
  kind: HardwareKindSchema,
  vendor: z.string().min(1),
  tflops: z.number().positive(),
  /** GB each model of the device comes with; CPUs and GPUs that share the system's memory have none (it is named with `:`). */
  memoryGB: z.array(z.number().positive()).min(1).optional(),
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
    });
  });

export type Device = z.infer<typeof DeviceSchema>;
export type HardwareCatalogue = z.infer<typeof HardwareCatalogueSchema>;
