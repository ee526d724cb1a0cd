import { STARTER_MODELS } from './starter-models';

/**
 * What a first-timer with no model needs: what already works without one, and where GGUFs come
 * from (the ones already on this machine are listed in the side panel, DiscoveredModels).
 */
export function NoModelGuide() {
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
        cache (<code>~/.cache/huggingface/hub</code>) work as they are: those found are listed under “On this machine”,
        each one click from the path field. Or connect to a running server (Remote server, below).
      </p>
    </section>
  );
}
