<?php
// Run: php main.php

/** Stops the script with a message on stderr. */
function fail(string $message): void
{
    fwrite(STDERR, $message . "\n");
    exit(1);
}

$payload = [
    'inputs' => [
        'source_sentence' => 'That is a happy person',
        'sentences' => [
            'That is a happy dog',
            'That is a very happy person',
            'Today is a sunny day',
        ],
    ],
];

$curl = curl_init('https://router.huggingface.co/hf-inference/models/sentence-transformers/all-MiniLM-L6-v2/pipeline/sentence-similarity');
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
