// The agent traces bench:otlp sends: OTLP JSON export requests of generated agent runs.
import { randomBytes } from 'node:crypto';

const str = (key, value) => ({ key, value: { stringValue: value } });
const int = (key, value) => ({ key, value: { intValue: String(value) } });
const text = (role, content) => ({ role, parts: [{ type: 'text', content }] });

/** One agent run's spans in OTLP JSON: model calls asking for tools, the tools, a final answer. */
function agentTrace(n) {
  const traceId = randomBytes(16).toString('hex');
  const rootId = randomBytes(8).toString('hex');
  const t0 = 1_750_000_000_000n + BigInt(n) * 1000n;
  const ns = (ms) => ((t0 + BigInt(ms)) * 1_000_000n).toString();
  const span = (name, at, ms, attributes, parent = rootId, spanId = randomBytes(8).toString('hex')) => ({
    traceId,
    spanId,
    ...(parent ? { parentSpanId: parent } : {}),
    name,
    kind: 3,
    startTimeUnixNano: ns(at),
    endTimeUnixNano: ns(at + ms),
    attributes,
    status: { code: 1 },
  });
  const history = [text('system', 'You plan trips.'), text('user', `Plan trip ${n} to city ${n % 97}`)];
  const spans = [];
  for (let step = 0; step < 4; step++) {
    const last = step === 3;
    const callId = `call_${n}_${step}`;
    const output = last
      ? text('assistant', `Trip ${n} planned: flights, hotel and a museum.`)
      : {
          role: 'assistant',
          parts: [{ type: 'tool_call', id: callId, name: `tool_${step}`, arguments: { city: n % 97, step } }],
        };
    spans.push(
      span(`chat model`, step * 100, 40, [
        str('gen_ai.operation.name', 'chat'),
        str('gen_ai.request.model', 'bench-model'),
        str('gen_ai.input.messages', JSON.stringify(history)),
        str('gen_ai.output.messages', JSON.stringify([output])),
        int('gen_ai.usage.input_tokens', 100 + step * 40),
        int('gen_ai.usage.output_tokens', 20),
      ]),
    );
    history.push(output);
    if (last) break;
    const result = JSON.stringify({ ok: true, step, city: n % 97 });
    spans.push(
      span(`execute_tool tool_${step}`, step * 100 + 50, 30, [
        str('gen_ai.operation.name', 'execute_tool'),
        str('gen_ai.tool.name', `tool_${step}`),
        str('gen_ai.tool.call.id', callId),
        str('gen_ai.tool.call.result', result),
      ]),
    );
    history.push({ role: 'tool', parts: [{ type: 'tool_call_response', id: callId, response: result }] });
  }
  spans.push(span('agent', 0, 400, [str('agent.name', 'bench')], '', rootId));
  return spans;
}

/** Requests of `batch` spans, in the order spans end (a trace's root last), as an SDK batches them. */
export function exportRequests(traces, batch) {
  const all = [];
  for (let n = 0; n < traces; n++) all.push(...agentTrace(n));
  const requests = [];
  for (let i = 0; i < all.length; i += batch)
    requests.push({
      resourceSpans: [
        {
          resource: { attributes: [str('service.name', 'bench-agent')] },
          scopeSpans: [{ scope: { name: 'bench', version: '1' }, spans: all.slice(i, i + batch) }],
        },
      ],
    });
  return { requests, spans: all.length };
}
