/**
 * Without a GGUF header (a model file, a header that cannot be read), the
 * memory a quant needs is its file sizes plus this fixed allowance for the
 * KV cache and the compute buffers: 1.5 GB.
 */
export const FITS_ALLOWANCE_BYTES = 1.5e9;
