import { writeFile } from "node:fs/promises";
import { InferenceClient } from "@huggingface/inference";

const client = new InferenceClient(process.env.HF_TOKEN);

// Files are named by their content type; these types' extensions are not their subtypes.
const EXTENSIONS = {
    "image/jpeg": "jpg",
    "audio/mpeg": "mp3",
    "audio/x-wav": "wav",
};

function fileName(contentType, stem = "output") {
    const type = (contentType ?? "").split(";")[0].trim();
    return `${stem}.${EXTENSIONS[type] ?? (type.split("/")[1] || "bin")}`;
}

// The client waits between polls of the queued job on timers that do not keep Node running: this one does, until the call returns.
const keepAlive = setInterval(() => {}, 1000);
const image = await client.textToImage(
    {
        provider: "fal-ai",
        model: "acme/hostile-strings",
        inputs: "Astronaut riding a horse",
    },
).finally(() => clearInterval(keepAlive));

const name = fileName(image.type);
await writeFile(name, Buffer.from(await image.arrayBuffer()));
console.log("Saved", name);
