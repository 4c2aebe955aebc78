import { useApp } from "ink";
import { useEffect, useRef, type Dispatch } from "react";
import { copyText, type CopyDeps } from "../copy.js";
import { openLink, type OpenOutcome } from "../open-link.js";
import { saveSnippet } from "../save-file.js";
import type { Action, Command } from "../state.js";
import type { PickerResult } from "../types.js";

/** What the picker needs from outside: all of it replaceable in tests. */
export interface PickerServices {
  copy: CopyDeps;
  /** Where a relative file name is saved. */
  cwd: string;
  /** For file names starting with "~/"; the user's home when absent. */
  home?: string;
  /** Hands a deep link to the system's opener; openLink by default. */
  open?: (url: string) => Promise<OpenOutcome>;
  /** Called once, with what happened, just before the picker closes. */
  onExit(result: PickerResult): void;
}

/**
 * Runs the commands the reducer queues, each once, and reports their outcome
 * back as actions.
 */
export function useCommandRunner(outbox: readonly Command[], dispatch: Dispatch<Action>, services: PickerServices): void {
  const { exit } = useApp();
  const lastRun = useRef(0);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  useEffect(() => {
    const fresh = outbox.filter((command) => command.id > lastRun.current);
    if (fresh.length === 0) return;
    lastRun.current = fresh.at(-1)!.id;
    for (const command of fresh) {
      switch (command.kind) {
        case "copy":
          void copyText(command.entry.content, services.copy).then((outcome) => {
            if (mounted.current) dispatch({ type: "copyFinished", entry: command.entry, outcome });
          });
          break;
        case "open":
          void (services.open ?? openLink)(command.url).then((outcome) => {
            if (mounted.current) dispatch({ type: "openFinished", label: command.label, outcome });
          });
          break;
        case "save": {
          const outcome = saveSnippet(command.name, command.content, { cwd: services.cwd, overwrite: command.overwrite, home: services.home });
          dispatch({ type: "saveFinished", outcome });
          break;
        }
        case "exit":
          services.onExit(command.result);
          exit();
          return;
      }
    }
    dispatch({ type: "commandsTaken", upTo: lastRun.current });
  }, [outbox, dispatch, services, exit]);
}
