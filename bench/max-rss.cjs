// Preloaded (node --require) into a measured process: at exit, writes its peak
// resident memory in KiB to the file named by HUBREF_BENCH_RSS.
"use strict";
const target = process.env.HUBREF_BENCH_RSS;
if (target) process.on("exit", () => require("node:fs").writeFileSync(target, String(process.resourceUsage().maxRSS)));
