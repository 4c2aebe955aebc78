// Stands in for the yoga-layout package in the picker's CommonJS bundle (scripts/bundle.mjs).
//
// yoga-layout's entry awaits its WebAssembly at the top level, which a CommonJS bundle cannot do.
// Its loader (an Emscripten module) accepts an instantiateWasm hook; given the instance at once,
// it finishes starting before it returns, so the module is ready synchronously. The bytes are the
// ones the package carries as base64; the bundle step hands them over as `wasmBase64`.
import loadYoga, { wasmBase64 } from "yoga-layout/dist/binaries/yoga-wasm-base64-esm.js";
import wrapAssembly from "yoga-layout/dist/src/wrapAssembly.js";

const module = {
  instantiateWasm(imports, receive) {
    const instance = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(wasmBase64, "base64")), imports);
    receive(instance);
    return instance.exports;
  },
};
loadYoga(module);
if (!module.calledRun) throw new Error("yoga-layout did not start synchronously");

const Yoga = wrapAssembly(module);
export default Yoga;
export * from "yoga-layout/dist/src/generated/YGEnums.js";
