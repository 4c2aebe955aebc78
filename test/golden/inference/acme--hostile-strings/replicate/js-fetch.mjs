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
        prompt: "\"double\" 'single' '''triple''' \"\"\"triple\"\"\" `tick` | back\\slash \\n \\u0041 \\ | new\nline\r\ntab\t | $(id) ${HOME} $HOME #{`id`} {$x} %s {0} | <%= it.x %> {{ inputs }} ?> <?php */ /* \\u000a | é 日本語 \u2028 \u0000 \u007f bidi \u202eevil\u202c zero\u200bwidth",
    },
};

// The provider queues the job: submit it, poll it until it is done, then download the output.
const response = await fetch("https://router.huggingface.co/replicate/v1/models/replicate/%22double%22%20'single'%20'''triple'''%20%22%22%22triple%22%22%22%20%60tick%60%20%7C%20back%5Cslash%20%5Cn%20%5Cu0041%20%5C%20%7C%20new%0Aline%0D%0Atab%09%20%7C%20%24(id)%20%24%7BHOME%7D%20%24HOME%20%23%7B%60id%60%7D%20%7B%24x%7D%20%25s%20%7B0%7D%20%7C%20%3C%25%3D%20it.x%20%25%3E%20%7B%7B%20inputs%20%7D%7D%20%3F%3E%20%3C%3Fphp%20*/%20/*%20%5Cu000a%20%7C%20%C3%A9%20%E6%97%A5%E6%9C%AC%E8%AA%9E%20%E2%80%A8%20%00%20%7F%20bidi%20%E2%80%AEevil%E2%80%AC%20zero%E2%80%8Bwidth/predictions", { method: "POST", headers, body: JSON.stringify(payload) });
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
