// Preloaded (node --require) into a measured process: at exit, writes its peak
// resident memory in KiB to the file named by HUBREF_BENCH_RSS.
// Linux keeps getrusage's maxRSS across exec, so a child of a large bench process
// would report the parent's peak: VmHWM (/proc/self/status) is the new image's own.
"use strict";
const target = process.env.HUBREF_BENCH_RSS;
if (target)
  process.on("exit", () => {
    const fs = require("node:fs");
    let kib = process.resourceUsage().maxRSS;
    try {
      const match = /^VmHWM:\s+(\d+) kB$/m.exec(fs.readFileSync("/proc/self/status", "utf8"));
      if (match) kib = Number(match[1]);
    } catch {}
    fs.writeFileSync(target, String(kib));
  });
