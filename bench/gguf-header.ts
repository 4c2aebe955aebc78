// Run by bench/run.mjs under tsx: the GGUF header of a Llama 3.1 8B-shaped model with a 32,000-token
// vocabulary, read at a loopback stand-in hub that serves ranges, as `--fits` reads it. Prints bytes
// fetched against a 1 GB file and the wall time (median of runs).
import { headerFacts } from "../src/gguf/model-facts.js";
import { makeHub } from "../src/model/hub/hub.js";
import { startGgufHub } from "../test/helpers/gguf-hub.js";
import { llama } from "../test/helpers/gguf-models.js";
import { writeGguf } from "../test/helpers/gguf-writer.js";

const RUNS = 9;
const FILE_BYTES = 1e9;
const header = writeGguf(llama(32_000).spec);
// The served file: the header, then tensor data the reader must never fetch.
const content = Buffer.concat([header, Buffer.alloc(16_000_000)]);
const id = "bench/Llama-3.1-8B-Instruct-GGUF";
const file = "Llama-3.1-8B-Instruct-Q4_K_M.gguf";
const hub = await startGgufHub({ [id]: { files: [{ name: file, size: FILE_BYTES, content }] } });
try {
  const times: number[] = [];
  let bytes = 0;
  let requests = 0;
  for (let run = 0; run < RUNS; run++) {
    const before = hub.fileRequests.length;
    const start = process.hrtime.bigint();
    const outcome = await headerFacts(id, file, { hub: makeHub({ endpoint: hub.endpoint, refresh: true }) });
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (!outcome.facts) throw new Error(`no header facts: ${JSON.stringify(outcome.unread)}`);
    const served = hub.fileRequests.slice(before);
    bytes = served.reduce((sum, request) => sum + request.bytes, 0);
    requests = served.length;
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
  const share = (bytes / FILE_BYTES) * 100;
  console.log(`  header ${header.byteLength.toLocaleString("en-US")} bytes; fetched ${bytes.toLocaleString("en-US")} bytes in ${requests} range request(s)`);
  console.log(`  ${share.toFixed(2)}% of a 1 GB file (must be under 5%); wall time ${median.toFixed(1)} ms (median of ${RUNS})`);
  if (share >= 5) process.exitCode = 1;
} finally {
  await hub.close();
}
