/**
 * Characters no generated code may hold raw, whatever its input: bidirectional, zero-width and C1
 * controls, line separators, the byte-order mark (src/format/unicode.ts). Stated here apart from the
 * source's range table, so that a change to the table shows.
 */
export const HIDDEN_RAW = /[\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/;
