/*
 * `npm run golden`: rewrites test/golden/ from the current code (see
 * CONTRIBUTING.md, Golden snippets). Files that did not change are not
 * touched; files no case makes any more are removed. Review the result with
 * `git diff test/golden`.
 */
import buildIfStale from "../test/helpers/build-once.js";
import { goldenFiles } from "../test/golden/cases.js";
import { updateGolden } from "../test/golden/files.js";

// The catalogue the cases read is the build's (dist/data/): an old build would write old snippets.
buildIfStale();
const { written, removed } = updateGolden(await goldenFiles());
for (const path of written) process.stdout.write(`wrote   test/golden/${path}\n`);
for (const path of removed) process.stdout.write(`removed test/golden/${path}\n`);
process.stdout.write(
  written.length + removed.length === 0 ? "golden snippets: up to date\n" : "golden snippets: review the changes with git diff test/golden\n",
);
