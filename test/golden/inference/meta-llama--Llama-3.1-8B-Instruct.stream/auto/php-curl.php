<?php
// Run: php main.php

/** Stops the script with a message on stderr. */
function fail(string $message): void
{
    fwrite(STDERR, $message . "\n");
    exit(1);
}

$payload = [
    'model' => 'meta-llama/Llama-3.1-8B-Instruct',
    'messages' => [
        [
            'role' => 'user',
            'content' => 'What is the capital of France?',
        ],
    ],
    'temperature' => 0.5,
    'max_tokens' => 256,
    'stream' => true,
];

// Server-sent events: one `data:` line per chunk, then `data: [DONE]`.
$pending = '';
$done = false;
$printDeltas = function ($curl, string $bytes) use (&$pending, &$done): int {
    $pending .= $bytes;
    // A refusal's body is kept whole, to show it.
    if (curl_getinfo($curl, CURLINFO_RESPONSE_CODE) >= 300) {
        return strlen($bytes);
    }
    while (!$done && ($end = strpos($pending, "\n")) !== false) {
        $line = rtrim(substr($pending, 0, $end), "\r");
        $pending = substr($pending, $end + 1);
        if (strncmp($line, 'data:', 5) !== 0) {
            continue;
        }
        $data = trim(substr($line, 5));
        if ($data === '[DONE]') {
            $done = true;
            break;
        }
        $chunk = json_decode($data, true, 512, JSON_THROW_ON_ERROR);
        echo $chunk['choices'][0]['delta']['content'] ?? '';
        flush();
    }
    return strlen($bytes);
};

$curl = curl_init('https://router.huggingface.co/v1/chat/completions');
curl_setopt_array($curl, [
    CURLOPT_POST => true,
    CURLOPT_HTTPHEADER => [
        'Authorization: Bearer ' . getenv('HF_TOKEN'),
        'Content-Type: application/json',
    ],
    CURLOPT_POSTFIELDS => json_encode($payload, JSON_THROW_ON_ERROR),
    CURLOPT_WRITEFUNCTION => $printDeltas,
]);
if (curl_exec($curl) === false) {
    fail('Request failed: ' . curl_error($curl));
}
$code = curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
if ($code >= 300) {
    fail("Request failed: $code $pending");
}
echo "\n";
