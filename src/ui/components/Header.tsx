import { Box, Text } from "ink";
import { ACCENT } from "../theme.js";
import { safeLine, truncate } from "../text.js";

export interface HeaderProps {
  /** Model id; task and library are shown as "—" when unknown. */
  model: { id: string; pipelineTag?: string; libraryName?: string };
  /** Said first, instead of the provider, e.g. that no inference provider serves the model. */
  notice?: string;
  /** Label of the provider of the shown snippet. */
  provider: string;
  /** The local app the shown snippet runs, named instead of a provider. */
  app?: string;
  /** One line instead of two. */
  compact: boolean;
  /** Columns available; nothing drawn is wider. */
  width: number;
}

/** Which model, task, library and provider the snippets are for. */
export function Header({ model, notice, provider, app, compact, width }: HeaderProps) {
  const id = safeLine(model.id);
  const task = safeLine(model.pipelineTag ?? "—");
  const library = safeLine(model.libraryName ?? "—");
  const serving = notice !== undefined ? safeLine(notice) : app !== undefined ? `app ${safeLine(app)}` : `provider ${provider}`;
  if (compact) {
    return (
      <Text wrap="truncate-end">{truncate(`${id} · ${task} · ${notice === undefined ? (app === undefined ? provider : safeLine(app)) : serving}`, width)}</Text>
    );
  }
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        <Text dimColor>hubref </Text>
        <Text bold color={ACCENT}>
          {truncate(id, width - 7)}
        </Text>
      </Text>
      <Text wrap="truncate-end">
        {truncate(notice === undefined ? `task ${task} · library ${library} · ${serving}` : `${serving} · task ${task} · library ${library}`, width)}
      </Text>
    </Box>
  );
}
