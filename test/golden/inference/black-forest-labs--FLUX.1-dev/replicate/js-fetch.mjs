import { writeFile } from "node:fs/promises";

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

const headers = {
    Authorization: `Bearer ${process.env.HF_TOKEN}`,
    Prefer: "wait",
    "Content-Type": "application/json",
};
const payload = {
    input: {
        prompt: "Astronaut in a jungle, cold color palette, muted colors, detailed, 8k",
    },
};

// The provider queues the job: submit it, poll it until it is done, then download the output.
const response = await fetch("https://router.huggingface.co/replicate/v1/models/black-forest-labs/flux-dev/predictions", { method: "POST", headers, body: JSON.stringify(payload) });
if (!response.ok) {
    throw new Error(`Request failed: ${response.status} ${await response.text()}`);
}
const job = await response.json();
const statusUrl = "https://router.huggingface.co/replicate" + new URL(job.urls.get).pathname;

let status = job;
for (let polls = 0; status.status !== "succeeded"; polls++) {
    if (["failed", "canceled"].includes(status.status)) {
        throw new Error(`The job failed: ${JSON.stringify(status.error)}`);
    }
    if (polls === 150) {
        throw new Error("The job did not finish within 300 seconds");
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const poll = await fetch(statusUrl, { headers });
    // A server error on one poll is not the job's: ask again at the next poll.
    if (poll.status >= 500) continue;
    if (!poll.ok) {
        throw new Error(`Polling failed: ${poll.status} ${await poll.text()}`);
    }
    status = await poll.json();
}

const result = status;

// The file is on the provider's file host: no Authorization header.
const output = await fetch([result.output].flat()[0]);
if (!output.ok) {
    throw new Error(`Download failed: ${output.status}`);
}
const name = fileName(output.headers.get("content-type"));
await writeFile(name, Buffer.from(await output.arrayBuffer()));
console.log("Saved", name);
