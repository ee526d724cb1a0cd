import { useState } from 'react';
import type { ModelSource } from '../../../../shared/contract/models';
import { api } from '../../api/api';
import { useQuery } from '../../api/use-query';
import { ErrorNote } from '../../components/ErrorNote';

const SOURCE: Record<ModelSource, string> = {
  lmstudio: 'LM Studio',
  ollama: 'Ollama',
  jan: 'Jan',
  huggingface: 'Hugging Face cache',
  folder: 'your folder',
};

const size = (bytes: number) =>
  bytes >= 2 ** 30 ? `${(bytes / 2 ** 30).toFixed(1)} GiB` : `${Math.max(1, Math.round(bytes / 2 ** 20))} MiB`;

/**
 * What a first-timer with no model needs: what already works without one, where GGUFs come
 * from, and the ones already on this machine (LM Studio, Ollama, Jan, the Hugging Face cache,
 * a folder they name), each one click from the path field.
 */
export function NoModelGuide({ onPick }: { onPick(path: string): void }) {
  const [folder, setFolder] = useState('');
  const [folders, setFolders] = useState<string[]>([]);
  const found = useQuery(() => api.invoke('models.discover', { folders }), [folders.join('\n')]);
  const models = found.data?.models ?? [];
  return (
    <section className="no-model" aria-label="No model yet">
      <h3>No model loaded — most of Trellis works without one</h3>
      <p>
        Without a model you can already draw tool graphs, make plans with the deterministic planner, run them step by
        step with the tools’ mock runtimes, fork runs, check and debug trajectories, review them, and build and export
        datasets. A model adds model-made plans, agent runs and LLM-simulated tools.
      </p>
      <p>
        A model is a <strong>GGUF</strong> file (llama.cpp’s format): download one from Hugging Face (a Q4_K_M file of a
        small instruct model is a good start), or use one you already have. Models already downloaded by LM Studio (
        <code>~/.lmstudio/models</code>, <code>~/.cache/lm-studio/models</code>), Ollama (
        <code>~/.ollama/models/blobs</code>, GGUF blobs), Jan (<code>~/jan/models</code>) or the Hugging Face cache (
        <code>~/.cache/huggingface/hub</code>) work as they are. Or connect to a running server (Remote server, above).
      </p>
      <h4>Found on this machine</h4>
      {found.loading && !found.data && <p className="muted">Looking…</p>}
      <ErrorNote message={found.error?.message} />
      {found.data && models.length === 0 && (
        <p className="muted" data-testid="discovered-none">
          No GGUF found in those folders. Name a folder that holds some, or type a file’s path above.
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
      {found.data && (
        <details>
          <summary>Folders searched</summary>
          <ul>
            {found.data.searched.map((s) => (
              <li key={s.dir}>
                {SOURCE[s.source]}: <code>{s.dir}</code> {s.found ? '' : '(not there)'}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
