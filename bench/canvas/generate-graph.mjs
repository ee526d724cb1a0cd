// A layered tool graph for benchmarks: `tools` tools in layers, `edges` dependency edges
// from a result of one layer to a parameter of a later one. Seeded, so every run is the same.
export function generateGraph({ tools = 1000, edges = 3000, layers = 20, seed = 7 } = {}) {
  let state = seed;
  const random = () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  const perLayer = Math.ceil(tools / layers);
  const fields = (prefix) => Object.fromEntries([0, 1, 2, 3].map((i) => [`${prefix}${i}`, { type: 'string' }]));
  const list = Array.from({ length: tools }, (_, i) => ({
    name: `tool_${String(i).padStart(4, '0')}`,
    description: `Generated tool ${i}`,
    parameters: { type: 'object', properties: fields('in_'), required: ['in_0'] },
    returns: { type: 'object', properties: fields('out_') },
    runtime: null,
    position: { x: Math.floor(i / perLayer) * 320, y: (i % perLayer) * 190 },
  }));
  const out = [];
  const seen = new Set();
  while (out.length < edges) {
    const from = Math.floor(random() * (tools - perLayer));
    const layer = Math.floor(from / perLayer);
    const toLayer = Math.min(layers - 1, layer + 1 + Math.floor(random() * 3));
    const to = Math.min(tools - 1, toLayer * perLayer + Math.floor(random() * perLayer));
    const fromPath = `out_${Math.floor(random() * 4)}`;
    const toParam = `in_${Math.floor(random() * 4)}`;
    const key = `${from}.${fromPath}>${to}.${toParam}`;
    if (to <= from || seen.has(key)) continue;
    seen.add(key);
    out.push({ kind: 'dependency', fromTool: list[from].name, fromPath, toTool: list[to].name, toParam });
  }
  return { tools: list, edges: out };
}
