// A floor for the cold-start figures: the least a commander CLI does for `snippet MODEL --json`. It parses the
// same arguments with commander, reads the model file and prints one JSON line; bench/run.mjs bundles it as
// hubref's own bundle is made (one minified CommonJS file) and starts it as bin/hubref starts hubref, with Node's
// compile cache where Node has one. What hubref takes beyond it is its own code: loading it and the command.
require("node:module").enableCompileCache?.();
const { readFileSync } = require("node:fs");
const { Command } = require("commander");

const program = new Command("hubref");
program
  .command("snippet")
  .argument("<model...>")
  .option("--json")
  .action((models, options) => {
    const model = JSON.parse(readFileSync(models[0], "utf8"));
    process.stdout.write(`${JSON.stringify([{ model: model.id, json: options.json === true }])}\n`);
  });
program.parse();
