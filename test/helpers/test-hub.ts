import { hubConfigFromEnv } from "../../src/model/hub/env.js";
import { makeHub, type Hub, type HubConfig } from "../../src/model/hub/hub.js";

/** A hub as the command line makes it from `env`, with the rest of the configuration given (cache flags, clock, deadlines, progress). */
export function hubFromEnv(env: NodeJS.ProcessEnv, config: Omit<HubConfig, "endpoint" | "token" | "router" | "cacheRoot"> = {}): Hub {
  const fromEnv = hubConfigFromEnv(env);
  return makeHub({ ...fromEnv, ...config, fetch: { ...fromEnv.fetch, ...config.fetch } });
}

/** A progress that records what the hub said: each step begun and each notice, as the command line would word them. */
export function recordingProgress(): { steps: string[]; notices: string[]; progress: NonNullable<HubConfig["progress"]> } {
  const steps: string[] = [];
  const notices: string[] = [];
  return {
    steps,
    notices,
    progress: {
      begin: (step) => {
        steps.push(step.kind);
        return () => undefined;
      },
      notice: (note) => notices.push(note.kind),
    },
  };
}
