<?php
// Run: php main.php

/** Stops the script with a message on stderr. */
function fail(string $message): void
{
    fwrite(STDERR, $message . "\n");
    exit(1);
}

$payload = [
    'inputs' => "\"double\" 'single' '''triple''' \"\"\"triple\"\"\" `tick` | back\\slash \\n \\u0041 \\ | new\nline\r\ntab\t | \$(id) \${HOME} \$HOME #{`id`} {\$x} %s {0} | <%= it.x %> {{ inputs }} ?> <?php */ /* \\u000a | é 日本語 \u{2028} \x00 \x7f bidi \u{202e}evil\u{202c} zero\u{200b}width",
];

$curl = curl_init('https://router.huggingface.co/hf-inference/models/distilbert/distilbert-base-uncased-finetuned-sst-2-english');
curl_setopt_array($curl, [
    CURLOPT_POST => true,
    CURLOPT_HTTPHEADER => [
        'Authorization: Bearer ' . getenv('HF_TOKEN'),
        'Content-Type: application/json',
    ],
    CURLOPT_POSTFIELDS => json_encode($payload, JSON_THROW_ON_ERROR),
    CURLOPT_RETURNTRANSFER => true,
]);
$reply = curl_exec($curl);
if ($reply === false) {
    fail('Request failed: ' . curl_error($curl));
}
$code = curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
if ($code >= 300) {
    fail("Request failed: $code $reply");
}
echo $reply, "\n";
