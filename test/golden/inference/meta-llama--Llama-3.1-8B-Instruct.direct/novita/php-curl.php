<?php
// Run: php main.php

/** Stops the script with a message on stderr. */
function fail(string $message): void
{
    fwrite(STDERR, $message . "\n");
    exit(1);
}

$payload = [
    'model' => 'meta-llama/llama-3.1-8b-instruct',
    'messages' => [
        [
            'role' => 'user',
            'content' => 'What is the capital of France?',
        ],
    ],
];

$curl = curl_init('https://api.novita.ai/v3/openai/chat/completions');
curl_setopt_array($curl, [
    CURLOPT_POST => true,
    CURLOPT_HTTPHEADER => [
        'Authorization: Bearer ' . getenv('NOVITA_API_KEY'),
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
$completion = json_decode($reply, true, 512, JSON_THROW_ON_ERROR);
echo $completion['choices'][0]['message']['content'] ?? '', "\n";
