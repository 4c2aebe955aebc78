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

// The provider answers a job that outlives its wait window while it still runs, and the client would take that
// answer as the result: this fetch follows such a job to its end first.
async function fetchFinished(url, init) {
    const response = await fetch(url, init);
    if (init?.method !== "POST" || !response.ok || !(response.headers.get("content-type") ?? "").startsWith("application/json")) {
        return response;
    }
    const job = await response.json();
    const headers = { Authorization: new Headers(init.headers).get("Authorization") };
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
    return new Response(JSON.stringify(status), { headers: { "Content-Type": "application/json" } });
}

const image = await client.textToImage(
    {
        provider: "replicate",
        model: "acme/hostile-strings",
        inputs: "\"double\" 'single' '''triple''' \"\"\"triple\"\"\" `tick` | back\\slash \\n \\u0041 \\ | new\nline\r\ntab\t | $(id) ${HOME} $HOME #{`id`} {$x} %s {0} | <%= it.x %> {{ inputs }} ?> <?php */ /* \\u000a | é 日本語 \u2028 \u0000 \u007f bidi \u202eevil\u202c zero\u200bwidth",
    },
    { fetch: fetchFinished },
);

const name = fileName(image.type);
await writeFile(name, Buffer.from(await image.arrayBuffer()));
console.log("Saved", name);
