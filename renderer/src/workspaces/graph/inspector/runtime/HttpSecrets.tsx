import { useEffect, useState } from 'react';
import type { HttpAuth } from '../../../../../../shared/runtimes';
import { api } from '../../../../api/api';
import { useAction } from '../../../../api/use-action';
import { ErrorNote } from '../../../../components/ErrorNote';

const where = (auth: HttpAuth) =>
  auth.scheme === 'basic'
    ? 'HTTP Basic, as user:password'
    : auth.scheme === 'bearer'
      ? 'a bearer token'
      : `the ${auth.in} ${auth.name}`;

/**
 * The secrets an HTTP runtime sends (from an API description's security schemes): whether each
 * is set on this machine, and a field to set it. The value goes to the user's config folder,
 * never into the graph; it is never shown again.
 */
export function HttpSecrets({ auth }: { auth: HttpAuth[] }) {
  const names = auth.map((a) => a.secret);
  const [set, setSet] = useState<string[] | null>(null);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const action = useAction();
  const key = names.join('\n');
  useEffect(() => {
    let live = true;
    void api
      .invoke('tools.secretsSet', { names: key.split('\n') })
      .then((r) => live && setSet(r.set))
      .catch(() => live && setSet(null));
    return () => {
      live = false;
    };
  }, [key]);
  const save = (name: string) =>
    action.run(async () => {
      await api.invoke('tools.setSecret', { name, value: typed[name] ?? '' });
      setTyped((t) => ({ ...t, [name]: '' }));
      setSet((await api.invoke('tools.secretsSet', { names })).set);
    });
  return (
    <fieldset>
      <legend>Secrets</legend>
      {auth.map((a) => (
        <div className="runtime-row" key={a.secret}>
          <label className="grow">
            {a.secret} ({where(a)}){set ? (set.includes(a.secret) ? ' — set on this machine' : ' — not set') : ''}
            <input
              type="password"
              autoComplete="off"
              aria-label={`Secret ${a.secret}`}
              placeholder={set?.includes(a.secret) ? 'Type a new value to replace it' : 'Value'}
              value={typed[a.secret] ?? ''}
              onChange={(e) => setTyped((t) => ({ ...t, [a.secret]: e.target.value }))}
            />
          </label>
          <button type="button" disabled={!typed[a.secret] || action.busy} onClick={() => save(a.secret)}>
            Set
          </button>
        </div>
      ))}
      <p className="muted">Kept in your own config folder on this machine, never in the workspace.</p>
      <ErrorNote message={action.error} />
    </fieldset>
  );
}
