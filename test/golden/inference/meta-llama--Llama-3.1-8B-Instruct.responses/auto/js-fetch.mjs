const payload = {
    model: "meta-llama/Llama-3.1-8B-Instruct",
    input: "What is the capital of France?",
    reasoning: {
        effort: "high",
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
console.log(
    result.output
        .filter((item) => item.type === "message")
        .flatMap((item) => item.content)
        .filter((part) => part.type === "output_text")
        .map((part) => part.text)
        .join(""),
);
