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
    'instructions' => 'Answer in one word.',
    'input' => 'What is the capital of France?',
    'max_output_tokens' => 256,
    'stream' => true,
];

// Server-sent events, each with an `event:` and a `data:` line; the data's "type" names the event.
$pending = '';
$done = false;
$printDeltas = function ($curl, string $bytes) use (&$pending, &$done): int {
    $pending .= $bytes;
    while (!$done && ($end = strpos($pending, "\n")) !== false) {
        $line = rtrim(substr($pending, 0, $end), "\r");
        $pending = substr($pending, $end + 1);
        if (strncmp($line, 'data:', 5) !== 0) {
            continue;
        }
        $event = json_decode(substr($line, 5), true, 512, JSON_THROW_ON_ERROR);
        $type = $event['type'] ?? '';
        if ($type === 'response.output_text.delta') {
            echo $event['delta'];
            flush();
        } elseif ($type === 'response.completed') {
            $done = true;
        } elseif ($type === 'response.failed' || $type === 'error') {
            fail("The response failed: $line");
        }
    }
    return strlen($bytes);
};

$curl = curl_init('https://router.huggingface.co/v1/responses');
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
