// Injected into the picker's bundle with the define of Intl.Segmenter (scripts/bundle.mjs).
export { LazySegmenter as HubrefLazySegmenter } from "../dist/build/narrow-text.js";
