import { errorText } from '../../api/error-text';
import { useState } from 'react';
import type { ModelSource } from '../../../../shared/contract/models';
import { api } from '../../api/api';
import { useQuery } from '../../api/use-query';
import { ErrorNote } from '../../components/ErrorNote';
import { size } from './units';

const SOURCE: Record<ModelSource, string> = {
  lmstudio: 'LM Studio',
  ollama: 'Ollama',
  jan: 'Jan',
  huggingface: 'Hugging Face cache',
  folder: 'your folder',
};

/**
 * The GGUFs already on this machine (LM Studio, Ollama's blobs, Jan, the Hugging Face cache, the
 * folders the user names), each with its size, quantisation and whether it fits in free RAM, one
 * click from the path field.
 */
export function DiscoveredModels({ onPick }: { onPick(path: string): void }) {
  const [folder, setFolder] = useState('');
  const [folders, setFolders] = useState<string[]>([]);
  const found = useQuery(() => api.invoke('models.discover', { folders }), [folders.join('\n')]);
  const models = found.data?.models ?? [];
  return (
    <section className="discovered-models" aria-label="Models on this machine">
      {found.loading && !found.data && <p className="muted">Looking…</p>}
      <ErrorNote message={found.error ? errorText(found.error) : undefined} />
      {found.data && models.length === 0 && (
        <p className="muted" data-testid="discovered-none">
          No GGUF found in the usual folders (listed under “Folders searched”, below). Name a folder that holds some, or
          type a file’s path under “GGUF file”.
        </p>
      )}
      {models.length > 0 && (
        <ul className="discovered" aria-label="Models found on disk">
          {models.map((m) => (
            <li key={m.path}>
              <span className="name" title={m.path}>
                {m.name}
              </span>
              <span className="muted">
                {SOURCE[m.source]} · {size(m.sizeBytes)}
                {m.quantization ? ` · ${m.quantization}` : ''} ·{' '}
                {m.fitsInRam ? 'fits in free RAM' : 'larger than free RAM'}
              </span>
              <button type="button" onClick={() => onPick(m.path)}>
                Use
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          if (folder.trim() && !folders.includes(folder.trim())) setFolders([...folders, folder.trim()]);
        }}
      >
        <label>
          Another folder with models
          <input
            aria-label="Models folder"
            placeholder="/path/to/models"
            value={folder}
            onChange={(e) => setFolder(e.target.value)}
          />
        </label>
        <button type="submit" disabled={!folder.trim()}>
          Look there
        </button>
      </form>
      {found.data && found.data.problems.length > 0 && (
        <ul className="muted" aria-label="Files skipped">
          {found.data.problems.map((p) => (
            <li key={p.path}>
              <code>{p.path}</code>: {p.message}
            </li>
          ))}
        </ul>
      )}
      {found.data && (
        <details>
          <summary>Folders searched</summary>
          <ul>
            {found.data.searched.map((s) => (
              <li key={s.dir}>
                {SOURCE[s.source]}: <code>{s.dir}</code> {s.found ? '' : '(not there)'}
                {s.cutShort ? '(too many files: only part of it was searched; name a folder inside it below)' : ''}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
