import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/api';
import { newJobId } from '../../api/use-job';
import { ErrorNote } from '../../components/ErrorNote';

interface Live {
  started: number;
  firstToken: number | null;
  tokens: number;
}

/** Send a prompt, watch tokens stream with time to first token and tokens/s; stop any time. */
export function Playground() {
  const [prompt, setPrompt] = useState('Plan a trip from Paris to Lisbon.');
  const [output, setOutput] = useState('');
  const [jobId, setJobId] = useState<string | null>(null);
  const [live, setLive] = useState<Live | null>(null);
  const [now, setNow] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const current = useRef<string | null>(null);

  useEffect(
    () =>
      api.on('models.token', ({ jobId: id, text }) => {
        if (id !== current.current) return;
        setOutput((o) => o + text);
        setLive((l) => (l ? { ...l, tokens: l.tokens + 1, firstToken: l.firstToken ?? performance.now() } : l));
      }),
    [],
  );
  useEffect(() => {
    if (!jobId) return;
    const timer = setInterval(() => setNow(performance.now()), 200);
    return () => clearInterval(timer);
  }, [jobId]);

  const send = async () => {
    const id = newJobId();
    current.current = id;
    setJobId(id);
    setOutput('');
    setError(null);
    setLive({ started: performance.now(), firstToken: null, tokens: 0 });
    try {
      await api.invoke('models.generate', { jobId: id, prompt, chat: true, maxTokens: 512, temperature: 0.7 });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setJobId(null);
      setNow(performance.now());
    }
  };

  const elapsed = live ? now - (live.firstToken ?? live.started) : 0;
  const ttft = live?.firstToken ? Math.round(live.firstToken - live.started) : null;
  const rate = live && live.firstToken && elapsed > 0 ? ((live.tokens - 1) / elapsed) * 1000 : null;

  return (
    <section className="playground" aria-label="Playground">
      <h2>Playground</h2>
      <textarea aria-label="Prompt" rows={3} value={prompt} onChange={(e) => setPrompt(e.target.value)} />
      <div className="buttons">
        <button
          type="button"
          className="primary"
          disabled={jobId !== null || !prompt.trim()}
          onClick={() => void send()}
        >
          Generate
        </button>
        <button
          type="button"
          disabled={jobId === null}
          onClick={() => jobId && void api.invoke('jobs.cancel', { jobId })}
        >
          Stop
        </button>
      </div>
      <p className="muted" data-testid="playground-stats">
        {live
          ? `${live.tokens} tokens · first token ${ttft ?? '…'} ms · ${rate === null ? '…' : rate.toFixed(1)} tokens/s`
          : ''}
      </p>
      <ErrorNote message={error} />
      <pre data-testid="playground-output">{output}</pre>
    </section>
  );
}
