import { countOf } from '../../../../shared/text';
import { useEffect, useRef, useState } from 'react';
import type { Result } from '../../../../shared/contract';
import { api } from '../../api/api';
import { newJobId } from '../../api/use-job';
import { ErrorNote } from '../../components/ErrorNote';
import { useShallow } from '../../state/create-store';
import { everyField } from '../../state/form-draft';
import { usePlaygroundDraft } from './state';

interface Live {
  started: number;
  firstToken: number | null;
  /** Text chunks so far: about one a token, until the model's own count arrives with the result. */
  chunks: number;
  ended: number | null;
  maxTokens: number;
  result: Result<'models.generate'> | null;
}

/**
 * Send a prompt (Ctrl+Enter), watch tokens stream with time to first token and tokens/s; stop any
 * time. The prompt and its settings are kept across reloads.
 */
export function Playground() {
  const { prompt, maxTokens, temperature, patch: keep } = usePlaygroundDraft(useShallow(everyField));
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
        setLive((l) => (l ? { ...l, chunks: l.chunks + 1, firstToken: l.firstToken ?? performance.now() } : l));
      }),
    [],
  );
  useEffect(() => {
    if (!jobId) return;
    const timer = setInterval(() => setNow(performance.now()), 200);
    return () => clearInterval(timer);
  }, [jobId]);

  const canSend = jobId === null && prompt.trim() !== '' && maxTokens >= 1;
  const send = async () => {
    if (!canSend) return;
    const id = newJobId();
    current.current = id;
    setJobId(id);
    setOutput('');
    setError(null);
    setLive({ started: performance.now(), firstToken: null, chunks: 0, ended: null, maxTokens, result: null });
    try {
      const result = await api.invoke('models.generate', { jobId: id, prompt, chat: true, maxTokens, temperature });
      setLive((l) => (l ? { ...l, result } : l));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      const ended = performance.now();
      setLive((l) => (l ? { ...l, ended } : l));
      setJobId(null);
      setNow(ended);
    }
  };

  return (
    <section className="playground" aria-label="Playground">
      <h2>Playground</h2>
      <textarea
        aria-label="Prompt"
        rows={3}
        value={prompt}
        onChange={(e) => keep({ prompt: e.target.value })}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void send();
          }
        }}
      />
      <div className="buttons">
        <button
          type="button"
          className="primary"
          disabled={!canSend}
          onClick={() => void send()}
          title={
            !prompt.trim()
              ? 'Type a prompt first'
              : maxTokens < 1
                ? 'Max tokens must be 1 or more'
                : 'Generate (Ctrl+Enter)'
          }
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
        <label className="inline-setting">
          Max tokens
          <input
            type="number"
            aria-label="Max tokens"
            min={1}
            max={32768}
            value={maxTokens}
            onChange={(e) => keep({ maxTokens: Math.min(32768, Math.max(0, Math.round(Number(e.target.value)))) })}
          />
        </label>
        <label className="inline-setting">
          Temperature
          <input
            type="number"
            aria-label="Temperature"
            min={0}
            max={2}
            step={0.1}
            value={temperature}
            onChange={(e) => keep({ temperature: Math.min(2, Math.max(0, Number(e.target.value) || 0)) })}
          />
        </label>
      </div>
      <p className="muted" data-testid="playground-stats">
        {live ? stats(live, now) : ''}
      </p>
      <ErrorNote message={error} />
      {(output || jobId) && <pre data-testid="playground-output">{output}</pre>}
    </section>
  );
}

/** "N tokens · first token X ms · Y tokens/s", and why it ended when it did not end by itself. */
function stats(live: Live, now: number): string {
  const tokens = live.result?.tokens ?? live.chunks;
  const end = live.ended ?? now;
  const ttft = live.firstToken === null ? null : Math.round(live.firstToken - live.started);
  const elapsed = live.firstToken === null ? 0 : end - live.firstToken;
  const rate = elapsed > 0 && tokens > 1 ? ((tokens - 1) / elapsed) * 1000 : null;
  const parts = [
    `${tokens} ${tokens === 1 ? 'token' : 'tokens'}`,
    `first token ${ttft ?? '…'} ms`,
    `${rate === null ? '…' : rate.toFixed(1)} tokens/s`,
  ];
  if (live.result?.promptTokens != null) parts.push(`prompt ${countOf(live.result.promptTokens, 'token')}`);
  if (live.result?.cancelled) parts.push('stopped');
  else if (live.result && tokens >= live.maxTokens) parts.push(`reached the ${live.maxTokens}-token limit`);
  return parts.join(' · ');
}
