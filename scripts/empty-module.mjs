// Stands in for optional packages a bundle must not load (see bundle.mjs).
export default {};
