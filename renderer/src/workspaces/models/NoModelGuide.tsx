import { useState } from 'react';
import type { ModelSource } from '../../../../shared/contract/models';
import { api } from '../../api/api';
import { useQuery } from '../../api/use-query';
import { ErrorNote } from '../../components/ErrorNote';
import { STARTER_MODELS } from './starter-models';

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
      <h3>No model loaded — everything but generation works without one</h3>
      <p>
        Without a model you can already draw tool graphs, make plans with the deterministic planner, run them step by
        step with the tools’ mock runtimes, fork runs, check and debug trajectories, review them, and build and export
        datasets. Only generation needs a model: model-made plans, agent runs and LLM-simulated tools.
      </p>
      <p>
        A model is a <strong>GGUF</strong> file (llama.cpp’s format). A small instruct model is enough to start;
        download one of these from Hugging Face (the file from the repository’s “Files” tab, or{' '}
        <code>huggingface-cli download &lt;repository&gt; &lt;file&gt;</code>), then give its path below:
      </p>
      <table className="starter-models" aria-label="Small models to download">
        <thead>
          <tr>
            <th scope="col">Model</th>
            <th scope="col">Hugging Face repository</th>
            <th scope="col">File</th>
            <th scope="col">Size</th>
          </tr>
        </thead>
        <tbody>
          {STARTER_MODELS.map((m) => (
            <tr key={m.repository}>
              <td title={m.note}>{m.name}</td>
              <td>
                <code>{m.repository}</code>
              </td>
              <td>
                <code>{m.file}</code>
              </td>
              <td>{m.size}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Models already downloaded by LM Studio (<code>~/.lmstudio/models</code>, <code>~/.cache/lm-studio/models</code>
        ), Ollama (<code>~/.ollama/models/blobs</code>, GGUF blobs), Jan (<code>~/jan/models</code>) or the Hugging Face
        cache (<code>~/.cache/huggingface/hub</code>) work as they are. Or connect to a running server (Remote server,
        below).
      </p>
      <h4>Found on this machine</h4>
      {found.loading && !found.data && <p className="muted">Looking…</p>}
      <ErrorNote message={found.error?.message} />
      {found.data && models.length === 0 && (
        <p className="muted" data-testid="discovered-none">
          No GGUF found in those folders. Name a folder that holds some, or type a file’s path below.
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
