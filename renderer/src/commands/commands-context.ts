import { createContext, useContext } from 'react';
import type { Command } from './registry';

/** Every command of the app, as the shell assembled them (App provides it). */
export const CommandsContext = createContext<readonly Command[]>([]);

/** The command with this id; a toolbar naming one that does not exist is a mistake, so it throws. */
export function useCommand(id: string): Command {
  const command = useContext(CommandsContext).find((c) => c.id === id);
  if (!command) throw new Error(`No command "${id}" in the registry.`);
  return command;
}
