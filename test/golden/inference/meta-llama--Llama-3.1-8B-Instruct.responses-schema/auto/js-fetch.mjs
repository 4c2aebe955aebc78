const payload = {
    model: "meta-llama/Llama-3.1-8B-Instruct",
    input: "Name the largest city of Japan, its country and its population.",
    text: {
        format: {
            type: "json_schema",
            name: "answer",
            schema: {
                type: "object",
                properties: {
                    city: {
                        type: "string",
                    },
                    country: {
                        type: "string",
                    },
                    population: {
                        type: "integer",
                    },
                },
                required: [
                    "city",
                    "country",
                    "population",
                ],
                additionalProperties: false,
            },
            strict: true,
        },
    },
};

const response = await fetch("https://router.huggingface.co/v1/responses", {
    method: "POST",
    headers: {
        Authorization: `Bearer ${process.env.HF_TOKEN}`,
        "Content-Type": "application/json",
    },
    body: JSON.stringify(payload),
});
if (!response.ok) {
    throw new Error(`Request failed: ${response.status} ${await response.text()}`);
}
const result = await response.json();
// The answer's text is in the output items of type "message", as parts of type "output_text".
const text = result.output
    .filter((item) => item.type === "message")
    .flatMap((item) => item.content)
    .filter((part) => part.type === "output_text")
    .map((part) => part.text)
    .join("");
// The text is JSON that follows the schema.
const reply = JSON.parse(text);
console.log(JSON.stringify(reply, null, 4));
