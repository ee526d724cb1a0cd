// The helper's own generation loop against node-llama-cpp's LlamaChatSession, for bench:model:
// the same chat turn, the same seed, the same loaded model and sequence, taken in turn. Each
// generation says how long it waited on sequence.evaluate (decode and sampling, native) and how
// long the rest took (the loop's own JavaScript: detokenizing, stop checks, streaming): before
// the first token (setup: the chat prompt's rendering, the session), and per token after it.

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (x, d = 3) => (Number.isFinite(x) ? Math.round(x * 10 ** d) / 10 ** d : null);

/**
 * Runs `request` with both loops, `repetitions` times in turn; resolves with the figures per loop
 * and whether both produced the same tokens. maxTokens is cut to what fits the context unshifted
 * (the own loop hands an answer that may outgrow it to node-llama-cpp's).
 */
export async function compareLoops(supervisor, contextSize, request, repetitions) {
  const probe = await supervisor.generate({ ...request, maxTokens: 1, loop: 'own' });
  const maxTokens = Math.max(1, Math.min(request.maxTokens, contextSize - probe.tokens.prompt - 2));
  const runs = { own: [], 'node-llama-cpp': [] };
  let same = true;
  let ownRan = true;
  for (let i = 0; i < repetitions; i++) {
    const ids = {};
    for (const loop of ['node-llama-cpp', 'own']) {
      const result = await supervisor.generate({ ...request, maxTokens, loop, returnTokenIds: true });
      const { stats } = result;
      const tokens = stats.tokenIds.length;
      if (loop === 'own' && stats.loop !== 'own') ownRan = false;
      ids[loop] = stats.tokenIds.join(',');
      const after = Math.max(1, tokens - 1);
      const msPerToken = (result.ms - stats.firstTokenMs) / after;
      const evaluateMsPerToken = (stats.evaluateMs - stats.evaluateFirstMs) / after;
      runs[loop].push({
        msPerToken,
        evaluateMsPerToken,
        overheadMsPerToken: msPerToken - evaluateMsPerToken,
        setupMs: stats.firstTokenMs - stats.evaluateFirstMs,
        totalMs: result.ms,
        tokens,
      });
    }
    same &&= ids.own === ids['node-llama-cpp'];
  }
  const figures = (loop) => ({
    tokens: median(runs[loop].map((r) => r.tokens)),
    ms_per_token: round(median(runs[loop].map((r) => r.msPerToken))),
    evaluate_ms_per_token: round(median(runs[loop].map((r) => r.evaluateMsPerToken))),
    overhead_ms_per_token: round(median(runs[loop].map((r) => r.overheadMsPerToken))),
    setup_ms: round(median(runs[loop].map((r) => r.setupMs))),
    total_ms: round(median(runs[loop].map((r) => r.totalMs))),
  });
  const ratio = (key) => round(median(runs.own.map((r, i) => r[key] / runs['node-llama-cpp'][i][key])), 2);
  return {
    own: figures('own'),
    node_llama_cpp: figures('node-llama-cpp'),
    // Time per token after the first, and the whole generation's, own over node-llama-cpp's.
    own_over_node_llama_cpp_time: ratio('msPerToken'),
    own_over_node_llama_cpp_total: ratio('totalMs'),
    same_tokens: same,
    own_loop_ran: ownRan,
  };
}

/** One line per loop, for the console. */
export function describeLoops(label, result) {
  const line = (name, f) =>
    `    ${name.padEnd(16)} ${f.ms_per_token} ms/token (evaluate ${f.evaluate_ms_per_token}, loop ${f.overhead_ms_per_token}) ` +
    `after a set-up of ${f.setup_ms} ms; ${f.total_ms} ms for ${f.tokens} tokens`;
  return [
    `  ${label}: own / node-llama-cpp time per token ${result.own_over_node_llama_cpp_time}, whole generation ${result.own_over_node_llama_cpp_total}; same tokens ${result.same_tokens}${result.own_loop_ran ? '' : ' (the own loop handed over: not compared)'}`,
    line('own loop', result.own),
    line('LlamaChatSession', result.node_llama_cpp),
  ].join('\n');
}
