<?php
// Run: php main.php
// sample1.flac is an example name: save an audio file of yours there, or write its path instead.

/** Stops the script with a message on stderr. */
function fail(string $message): void
{
    fwrite(STDERR, $message . "\n");
    exit(1);
}

/** A local file's bytes. */
function read_file(string $path): string
{
    $bytes = file_get_contents($path);
    if ($bytes === false) {
        fail("Cannot read $path");
    }
    return $bytes;
}

/** A string as it is, anything else as JSON. */
function text($value): string
{
    return is_string($value) ? $value : ($value === null ? '' : json_encode($value));
}

$dataBytes = read_file('sample1.flac');

$curl = curl_init('https://router.huggingface.co/hf-inference/models/openai/whisper-large-v3');
curl_setopt_array($curl, [
    CURLOPT_POST => true,
    CURLOPT_HTTPHEADER => [
        'Authorization: Bearer ' . getenv('HF_TOKEN'),
        'Content-Type: audio/flac',
    ],
    CURLOPT_POSTFIELDS => $dataBytes,
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
$result = json_decode($reply, true, 512, JSON_THROW_ON_ERROR);
$transcript = text(($result['text'] ?? null));
if ($transcript === '') {
    fail("No transcript in the reply: $reply");
}
echo $transcript, "\n";
