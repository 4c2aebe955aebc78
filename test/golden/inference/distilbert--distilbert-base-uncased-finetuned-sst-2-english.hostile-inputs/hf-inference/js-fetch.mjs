const payload = {
    inputs: "\"double\" 'single' '''triple''' \"\"\"triple\"\"\" `tick` | back\\slash \\n \\u0041 \\ | new\nline\r\ntab\t | $(id) ${HOME} $HOME #{`id`} {$x} %s {0} | <%= it.x %> {{ inputs }} ?> <?php */ /* \\u000a | é 日本語 \u2028 \u0000 \u007f bidi \u202eevil\u202c zero\u200bwidth",
};

const response = await fetch("https://router.huggingface.co/hf-inference/models/distilbert/distilbert-base-uncased-finetuned-sst-2-english", {
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
console.log(result);
