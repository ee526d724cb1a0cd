import { useUi, type UiState } from '../state/ui-store';
import { isEnabled, whyDisabled, type Command } from './registry';

/**
 * How long a command run from another workspace waits for its workspace to be ready for it (the
 * view mounted, its data loaded) before it says why it did not run.
 */
export const READY_WAIT_MS = 8000;
const CHECK_EVERY_MS = 50;

/** Resolves true once `command` is enabled in its workspace; false if the user leaves it or time runs out. */
function enabledWithin(command: Command, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const started = Date.now();
    const finish = (ready: boolean) => {
      clearInterval(timer);
      resolve(ready);
    };
    // Polled rather than subscribed: what enables a command can sit in any store, or in a panel
    // still mounting, and a poll sees all of them the same way.
    const check = () => {
      const ui = useUi.getState();
      if (ui.workspace !== command.workspace) return finish(false);
      if (isEnabled(command, ui)) return finish(true);
      if (Date.now() - started > ms) finish(false);
    };
    const timer = setInterval(check, CHECK_EVERY_MS);
    check();
  });
}

/** A command of another workspace that opens it to run (`offElsewhere` ones do not). */
export const runsElsewhere = (command: Command, ui: UiState): boolean =>
  command.workspace !== undefined && command.workspace !== ui.workspace && !command.offElsewhere;

/** Whether the palette and the menus offer `command` now: enabled here, or runnable in its own workspace. */
export const canRunFrom = (command: Command, ui: UiState): boolean =>
  isEnabled(command, ui) || runsElsewhere(command, ui);

/** The status bar's line for a command that could not run: what, and why as the command says it. */
export function notRunText(command: Command, ui: UiState): string {
  const reason = whyDisabled(command, ui);
  return `"${command.label}" did not run: ${reason || 'it cannot run in what is open now.'}`;
}

/**
 * Runs `command` as the palette and the menus do: at once where it is enabled; a command of
 * another workspace opens that workspace first and runs once it is ready there. One that cannot
 * run says why in the status bar, never silently.
 */
export async function runCommand(command: Command, ms = READY_WAIT_MS): Promise<void> {
  const ui = useUi.getState();
  if (isEnabled(command, ui)) return command.perform(ui);
  if (runsElsewhere(command, ui)) {
    ui.showWorkspace(command.workspace!);
    if (await enabledWithin(command, ms)) return command.perform(useUi.getState());
  }
  const now = useUi.getState();
  now.notify(notRunText(command, now), 'error');
}
