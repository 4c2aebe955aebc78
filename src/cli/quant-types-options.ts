/** The options of `hubref quant-types` as commander hands them over. */
export interface QuantTypesOptions {
  tensorTypes: boolean;
  parse?: string[];
  nearest?: string;
  available?: string[];
  for?: string;
  fits?: string;
  ctx?: string;
  cacheType?: string;
  offline: boolean;
  refresh: boolean;
  json: boolean;
}
