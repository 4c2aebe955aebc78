import type { ServePlan } from "./plan.js";

/*
 * A plan as scripts read it: the `plan` object of `snippet --json`, of the
 * model page's --json, of `models --fits --app vllm --json`, of the library's
 * servePlan and of MCP's plan_local_run, made here once so the views agree.
 */

export interface ServePlanReport {
  engine: ServePlan["engine"];
  version: string;
  fits: boolean;
  weightsBytes: number;
  kvBytesPerToken: number;
  kvCacheBytes: number;
  kvCacheTokens: number;
  maxModelLen: number;
  maxConcurrency: number;
  gpuMemoryUtilization: number;
  tensorParallelSize: number;
  pipelineParallelSize: number;
  kvCacheDtype: string;
  trainedContext: number;
  longestFitting: number;
  terms: ServePlan["terms"];
  settings: ServePlan["settings"];
}

export function servePlanReport(plan: ServePlan): ServePlanReport {
  return {
    engine: plan.engine,
    version: plan.version,
    fits: plan.fits,
    weightsBytes: plan.weightsBytes,
    kvBytesPerToken: plan.kvBytesPerToken,
    kvCacheBytes: plan.kvCacheBytes,
    kvCacheTokens: plan.kvCacheTokens,
    maxModelLen: plan.maxModelLen,
    maxConcurrency: plan.maxConcurrency,
    gpuMemoryUtilization: plan.gpuMemoryUtilization,
    tensorParallelSize: plan.tensorParallelSize,
    pipelineParallelSize: plan.pipelineParallelSize,
    kvCacheDtype: plan.kvCacheDtype,
    trainedContext: plan.trainedContext,
    longestFitting: plan.longestFitting,
    terms: plan.terms,
    settings: plan.settings,
  };
}
