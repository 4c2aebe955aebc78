/**
 * YAML literals for untrusted values: a single-quoted scalar, inside which
 * YAML interprets nothing but `''`, so an id such as `1234` stays a string.
 */
export function yamlString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}
