import type { ProviderId } from "../ids.js";
import type { Provider } from "./types.js";
import { baseten } from "./baseten.js";
import { cerebras } from "./cerebras.js";
import { cohere } from "./cohere.js";
import { deepinfra } from "./deepinfra.js";
import { falAi } from "./fal-ai.js";
import { featherlessAi } from "./featherless-ai.js";
import { fireworksAi } from "./fireworks-ai.js";
import { groq } from "./groq.js";
import { hfInference } from "./hf-inference.js";
import { novita } from "./novita.js";
import { nscale } from "./nscale.js";
import { openai } from "./openai.js";
import { ovhcloud } from "./ovhcloud.js";
import { publicai } from "./publicai.js";
import { replicate } from "./replicate.js";
import { scaleway } from "./scaleway.js";
import { together } from "./together.js";
import { wavespeed } from "./wavespeed.js";
import { zaiOrg } from "./zai-org.js";

export const PROVIDERS: Readonly<Record<ProviderId, Provider>> = {
  "baseten": baseten,
  "cerebras": cerebras,
  "cohere": cohere,
  "deepinfra": deepinfra,
  "fal-ai": falAi,
  "featherless-ai": featherlessAi,
  "fireworks-ai": fireworksAi,
  "groq": groq,
  "hf-inference": hfInference,
  "novita": novita,
  "nscale": nscale,
  "openai": openai,
  "ovhcloud": ovhcloud,
  "publicai": publicai,
  "replicate": replicate,
  "scaleway": scaleway,
  "together": together,
  "wavespeed": wavespeed,
  "zai-org": zaiOrg,
};

export type { Provider, TaskRoute, Body, Output } from "./types.js";
