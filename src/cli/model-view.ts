import type { CommandContext } from "./context.js";

export interface ModelViewOptions {
  json: boolean;
  offline: boolean;
  refresh: boolean;
}

export async function runModelView(_arg: string, _options: ModelViewOptions, _context: CommandContext): Promise<void> {}
