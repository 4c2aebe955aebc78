import { pyString } from "../../format/python.js";
import { jsString } from "../../format/js.js";
import { shellQuote, shellWord } from "../../format/shell.js";
import type { JsonPath } from "../providers/types.js";
import type { JobAddress, QueuedJob } from "../request.js";

/*
 * The code a queued-job snippet needs beyond submitting: where to poll, how to
 * read the job's state, its failure message and its output URL, in each
 * language. The receipt is in a variable `job`, the latest status reply in
 * `status`, the result in `result`. Every piece of text comes from the
 * provider facts and goes through the literal formatters.
 */

export interface QueueCode {
  statusUrl: string;
  /** Where the result is fetched once the job is done; absent when the last status reply is the result. */
  resultUrl?: string;
  /** The job's state in `status`. */
  state: string;
  /** The finished state, as a literal (curl: a case pattern). */
  done: string;
  /** The failed states: a literal list (curl: a case pattern); absent when a job cannot report failure in its state. */
  failed?: string;
  /** The provider's message about a failed job in `status`. */
  error: string;
  /** The output file's URL in `result`. */
  output: string;
  /** The output may be a list of URLs, of which the first is the file (python: the template says so). */
  outputMayBeList: boolean;
  /** Seconds between polls, polls before giving up, and their product. */
  interval: number;
  polls: number;
  seconds: number;
}

function joined(parts: (string | undefined)[]): string {
  return parts.filter((part): part is string => part !== undefined).join(" + ");
}

const literal = (format: (text: string) => string) => (text: string) => (text === "" ? undefined : format(text));

function pySubscripts(path: JsonPath): string {
  return path.map((key) => `[${typeof key === "number" ? String(key) : pyString(key)}]`).join("");
}

/** Reads a state that a reply may not carry yet (novita's receipt has no `task`). */
function pyLenient(variable: string, path: JsonPath): string {
  let out = variable;
  path.forEach((key, index) => {
    const last = index === path.length - 1;
    out += `.get(${typeof key === "number" ? String(key) : pyString(key)}${last ? "" : ", {}"})`;
  });
  return out;
}

function pyAddress(address: JobAddress): string {
  const value = `job${pySubscripts(address.field)}`;
  return joined([literal(pyString)(address.before), address.kind === "url-path" ? `urlsplit(${value}).path` : value, literal(pyString)(address.after)]);
}

export function pythonQueue(job: QueuedJob): QueueCode {
  return {
    statusUrl: pyAddress(job.status),
    ...(job.result && { resultUrl: pyAddress(job.result) }),
    state: pyLenient("status", job.state),
    done: pyString(job.done),
    ...(job.failed.length > 0 && { failed: `(${job.failed.map(pyString).join(", ")}${job.failed.length === 1 ? "," : ""})` }),
    error: job.error ? `status${pySubscripts(job.error)}` : "status",
    output: job.outputElsewhere ? `${pyLenient("result", job.output)} or result${pySubscripts(job.outputElsewhere)}` : `result${pySubscripts(job.output)}`,
    outputMayBeList: job.outputMayBeList ?? false,
    interval: job.interval,
    polls: job.polls,
    seconds: job.interval * job.polls,
  };
}

const JS_IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function jsAccess(path: JsonPath, optional = false): string {
  const dot = optional ? "?." : ".";
  return path
    .map((key, index) => {
      const first = index === 0;
      if (typeof key === "number") return `${optional && !first ? "?." : ""}[${key}]`;
      return JS_IDENTIFIER.test(key) ? `${first ? "." : dot}${key}` : `${optional && !first ? "?." : ""}[${jsString(key)}]`;
    })
    .join("");
}

function jsAddress(address: JobAddress): string {
  const value = `job${jsAccess(address.field)}`;
  return joined([literal(jsString)(address.before), address.kind === "url-path" ? `new URL(${value}).pathname` : value, literal(jsString)(address.after)]);
}

export function jsQueue(job: QueuedJob): QueueCode {
  return {
    statusUrl: jsAddress(job.status),
    ...(job.result && { resultUrl: jsAddress(job.result) }),
    state: `status${jsAccess(job.state, true)}`,
    done: jsString(job.done),
    ...(job.failed.length > 0 && { failed: `[${job.failed.map(jsString).join(", ")}]` }),
    error: job.error ? `status${jsAccess(job.error)}` : "status",
    output: job.outputMayBeList
      ? `[result${jsAccess(job.output)}].flat()[0]`
      : job.outputElsewhere
        ? `result${jsAccess(job.output, true)} ?? result${jsAccess(job.outputElsewhere)}`
        : `result${jsAccess(job.output)}`,
    outputMayBeList: job.outputMayBeList ?? false,
    interval: job.interval,
    polls: job.polls,
    seconds: job.interval * job.polls,
  };
}

/** `field` is the snippet's own helper: the value at a path in the JSON on stdin. */
function shellField(variable: string, path: JsonPath): string {
  return `$(field ${path.map((key) => shellWord(String(key))).join(" ")} <<<"$${variable}")`;
}

/** The script reads the receipt once, into `$job_ref`: the id, or the path of the URL, that its addresses build on. */
function shellAddress(address: JobAddress): string {
  return `${address.before === "" ? "" : shellQuote(address.before)}"$job_ref"${address.after === "" ? "" : shellQuote(address.after)}`;
}

export interface ShellQueueCode extends QueueCode {
  /** Where the output URL is when `output` finds none. */
  outputElsewhere?: string;
  /** The command substitution that reads `job_ref` from the receipt. */
  jobRef: string;
  readsUrlPath: boolean;
}

export function shellQueue(job: QueuedJob): ShellQueueCode {
  const { status, result } = job;
  if (result && (result.kind !== status.kind || result.field.join("/") !== status.field.join("/")))
    throw new Error("a job's status and result addresses must build on the same receipt value");
  const words = status.field.map((key) => shellWord(String(key))).join(" ");
  const readsUrlPath = status.kind === "url-path";
  return {
    jobRef: `$(${readsUrlPath ? "url_path_at" : "field"} ${words} <<<"$job")`,
    readsUrlPath,
    statusUrl: shellAddress(status),
    ...(result && { resultUrl: shellAddress(result) }),
    state: shellField("status", job.state),
    done: shellWord(job.done),
    ...(job.failed.length > 0 && { failed: job.failed.map(shellWord).join("|") }),
    // Both sit inside a double-quoted message.
    error: job.error ? shellField("status", job.error) : "$status",
    // The helper takes a list's first item.
    output: shellField("result", job.output),
    ...(job.outputElsewhere && { outputElsewhere: shellField("result", job.outputElsewhere) }),
    outputMayBeList: job.outputMayBeList ?? false,
    interval: job.interval,
    polls: job.polls,
    seconds: job.interval * job.polls,
  };
}
