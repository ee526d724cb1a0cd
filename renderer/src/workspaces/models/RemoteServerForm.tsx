import { useState } from 'react';
import type { Result } from '../../../../shared/contract';
import { api } from '../../api/api';
import { ErrorNote } from '../../components/ErrorNote';
import { useModels, type RemoteDraft } from './state';

type Remote = Result<'models.status'>['remote'];

/** The form as the server in use fills it, until the user types in it. */
const draftOf = (remote: Remote): RemoteDraft => ({
  baseUrl: remote?.baseUrl ?? 'http://127.0.0.1:8080/v1',
  model: remote?.model ?? '',
  concurrency: String(remote?.concurrency ?? 4),
});

/** Use an OpenAI-compatible server (llama-server, vLLM, Ollama, LM Studio, a hosted API) instead. */
export function RemoteServerForm({ remote, onChange }: { remote: Remote; onChange(): void }) {
  const typed = useModels((s) => s.remote);
  const setRemote = useModels((s) => s.setRemote);
  const draft = typed ?? draftOf(remote);
  const { baseUrl, model, concurrency } = draft;
  const change = (field: keyof RemoteDraft, value: string) => setRemote({ ...draft, [field]: value });
  // The key is never kept: not across a workspace switch, not in localStorage.
  const [apiKey, setApiKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const [checking, setChecking] = useState(false);

  // The backend asks the server for its models first: an address with nothing behind it is refused with the reason.
  const use = async () => {
    setError(null);
    setNote(null);
    setChecking(true);
    try {
      const { keyStored, note: serverNote } = await api.invoke('models.useRemote', {
        baseUrl,
        model,
        ...(apiKey ? { apiKey } : {}),
        concurrency: Math.max(1, Math.floor(Number(concurrency)) || 1),
      });
      const keyNote = !apiKey
        ? null
        : keyStored
          ? 'The API key is stored encrypted by your system.'
          : 'The API key is kept for this session only: this host cannot store it encrypted.';
      setNote([serverNote, keyNote].filter(Boolean).join(' ') || null);
      setApiKey('');
      onChange();
    } catch (e) {
      const { message, hint } = e as Error & { hint?: string };
      setError(`Not used: ${message}${hint ? ` ${hint}` : ''}`);
    } finally {
      setChecking(false);
    }
  };

  return (
    <fieldset className="model-settings remote">
      <legend>Remote server (OpenAI-compatible)</legend>
      {remote && !remote.approved && (
        <p className="warning" role="alert" data-testid="remote-unapproved">
          This workspace names the server {remote.baseUrl}, and you have not approved it on this machine: nothing is
          sent to it. If you trust it, check the address and press Use this server.
        </p>
      )}
      <label>
        Base URL
        <input aria-label="Server URL" value={baseUrl} onChange={(e) => change('baseUrl', e.target.value)} />
      </label>
      <label>
        Model
        <input aria-label="Server model" value={model} onChange={(e) => change('model', e.target.value)} />
      </label>
      <label>
        API key
        <input
          aria-label="API key"
          type="password"
          autoComplete="off"
          placeholder={remote?.hasKey ? '(kept)' : 'optional'}
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
        />
      </label>
      <label title="Requests sent at once: match the server's parallel slots (llama-server --parallel N)">
        Requests at once
        <input
          type="number"
          aria-label="Requests at once"
          min={1}
          value={concurrency}
          onChange={(e) => change('concurrency', e.target.value)}
        />
      </label>
      <div className="buttons">
        <button type="button" disabled={!baseUrl.trim() || !model.trim() || checking} onClick={() => void use()}>
          {checking ? 'Checking the server…' : 'Use this server'}
        </button>
        <button type="button" disabled={!remote} onClick={() => void api.invoke('models.useLocal', {}).then(onChange)}>
          Use the local model
        </button>
      </div>
      <ErrorNote message={error} />
      {note && (
        <p className="muted" data-testid="remote-note">
          {note}
        </p>
      )}
    </fieldset>
  );
}
