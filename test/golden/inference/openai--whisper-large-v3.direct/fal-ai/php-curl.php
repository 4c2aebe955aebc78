<?php
// Run: php main.php
// sample1.mp3 is an example name: save an audio file of yours there, or write its path instead.

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

$audioBytes = read_file('sample1.mp3');
$audio = base64_encode($audioBytes);
$payload = [
    'audio_url' => 'data:audio/mpeg;base64,' . $audio,
];

$curl = curl_init('https://fal.run/fal-ai/whisper');
curl_setopt_array($curl, [
    CURLOPT_POST => true,
    CURLOPT_HTTPHEADER => [
        'Authorization: Key ' . getenv('FAL_AI_API_KEY'),
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
$result = json_decode($reply, true, 512, JSON_THROW_ON_ERROR);
$transcript = text(($result['text'] ?? null));
if ($transcript === '') {
    fail("No transcript in the reply: $reply");
}
echo $transcript, "\n";
