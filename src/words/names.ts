import type { SettingKey } from "../outcome/settings.js";
import type { HubSetting } from "../outcome/hub-problems.js";

/*
 * How an edge names what the user set: the command line by its flags and
 * environment variables, the library by its option names. Problems and
 * notes carry setting keys; these turn them into words.
 */
export interface Names {
  /** `--ctx` on the command line, `` `ctx` `` in the library. */
  setting(key: SettingKey): string;
  /** `HF_ENDPOINT` on the command line and for the MCP server, `` `hub.endpoint` `` in the library. */
  hub(setting: HubSetting): string;
  /** Which edge: some ways forward exist on one only (`--fits auto`). */
  edge: "cli" | "library";
  /** A message the domain still words itself, with the command line's flags, in this edge's names. */
  legacy: (text: string) => string;
}

/** The environment variables the command line and the MCP server read for the hub. */
export const HUB_VARIABLES = {
  endpoint: "HF_ENDPOINT",
  token: "HF_TOKEN",
  router: "HUBREF_ROUTER_URL",
  timeout: "HUBREF_HUB_TIMEOUT_MS",
  retries: "HUBREF_HUB_RETRIES",
  spinnerDelay: "HUBREF_SPINNER_DELAY_MS",
} as const satisfies Record<HubSetting, string>;

/** The library's options for the same: the `hub` option's fields. */
export const HUB_OPTIONS = {
  endpoint: "`hub.endpoint`",
  token: "`hub.token`",
  router: "`hub.router`",
  timeout: "`hub.settings.headersTimeoutMs`",
  retries: "`hub.settings.retries`",
  spinnerDelay: "`hub.settings`",
} as const satisfies Record<HubSetting, string>;
