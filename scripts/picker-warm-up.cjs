// Preloaded (node --require) by scripts/bundle.mjs into a `hubref snippet MODEL -i` run that writes the
// picker's code cache: a build has no terminal, so stdin and stdout become stand-ins for an 80x24 one.
// Once the pickers are drawn, it presses Right (a new snippet is built and drawn), then q to quit, so
// the cache holds what a start, a first key and quitting compile.
"use strict";
const { PassThrough, Writable } = require("node:stream");

const keys = new PassThrough();
Object.assign(keys, { isTTY: true, isRaw: false, fd: -1 });
keys.setRawMode = (raw) => {
  keys.isRaw = raw;
  return keys;
};
keys.ref = () => keys;
keys.unref = () => keys;

const TIMEOUT_MS = 30_000;
let screen = "";
let pressed = false;
const terminal = new Writable({
  write(chunk, _encoding, done) {
    screen += chunk.toString();
    // A picker row is marked "› " once Ink has drawn the screen.
    if (!pressed && screen.includes("\n› ")) {
      pressed = true;
      const frames = screen.length;
      keys.write("\x1b[C");
      const quit = () => (screen.length > frames ? keys.write("q") : setTimeout(quit, 5));
      setTimeout(quit, 5);
    }
    done();
  },
});
Object.assign(terminal, { isTTY: true, columns: 80, rows: 24, fd: -1 });

for (const [name, stream] of [
  ["stdin", keys],
  ["stdout", terminal],
]) {
  Object.defineProperty(process, name, { configurable: true, enumerable: true, get: () => stream });
}
setTimeout(() => {
  process.stderr.write(`picker-warm-up: the picker did not quit within ${TIMEOUT_MS} ms; its screen:\n${screen}\n`);
  process.exit(1);
}, TIMEOUT_MS).unref();
