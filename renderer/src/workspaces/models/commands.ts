import { useEffect, useLayoutEffect, useRef } from 'react';
import { bindCommands, type CommandContextSource, type WorkspaceCommand } from '../../commands/registry';
import { useModels, type ModelAction } from './state';

type Offered = Partial<Record<ModelAction, () => void>>;

const offeredContext: CommandContextSource<Offered> = {
  current: () => useModels.getState().offered,
  subscribe: (listener) =>
    useModels.subscribe((state, previous) => {
      if (state.offered !== previous.offered) listener();
    }),
};

/** A command that runs what a Models panel offers as `action`, on while the panel can. */
const offered = (action: ModelAction, id: string, label: string): WorkspaceCommand<Offered> => ({
  id,
  label,
  category: 'Run',
  enabled: (offers: Offered) => offers[action] !== undefined,
  perform: (offers: Offered) => offers[action]?.(),
});

/** The Models workspace's buttons as commands, for the palette and the Run menu. */
export const MODEL_COMMANDS = bindCommands<Offered>('models', offeredContext, [
  offered('inspect', 'model.inspect', 'Inspect Model File'),
  offered('load', 'model.load', 'Load Model'),
  offered('unload', 'model.unload', 'Unload Model'),
  offered('build', 'model.buildBinding', 'Build llama.cpp Binding for This Machine'),
]);

/**
 * Offers `perform` to the Models commands as `action` while the calling panel is mounted and
 * `perform` is not null (null: the button is off now); the latest `perform` runs.
 */
export function useOfferAction(action: ModelAction, perform: (() => void) | null): void {
  const latest = useRef(perform);
  useLayoutEffect(() => {
    latest.current = perform;
  });
  const available = perform !== null;
  useEffect(() => {
    if (!available) return;
    const { offer, withdraw } = useModels.getState();
    offer(action, () => latest.current?.());
    return () => withdraw(action);
  }, [action, available]);
}
