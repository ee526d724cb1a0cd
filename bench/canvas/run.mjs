// bench:canvas — a 1,000-tool, 3,000-edge graph in Chromium: time to first render and frame
// times during a scripted pan and zoom, in Trellis and in a bare @xyflow/react page, same run.
// Also auto-layout of that graph at the view the canvas opens on, and zoomed out to all of it.
// The last line is one JSON object with the figures. Sizes from BENCH_TOOLS, BENCH_EDGES and
// BENCH_ROUNDS; `--quick` (or BENCH_QUICK=1): 40 tools, 80 edges, one round, short waits — seconds,
// to see that the bench still runs.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { generateGraph } from './generate-graph.mjs';
import { quick } from '../args.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const { createBackend } = require(path.join(root, 'dist/backend/backend.js'));
const { startWebHost } = require(path.join(root, 'dist/web/server.js'));

const TOOLS = Number(process.env.BENCH_TOOLS ?? (quick ? 40 : 1000));
const EDGES = Number(process.env.BENCH_EDGES ?? (quick ? 80 : 3000));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (quick ? 1 : 3));
/** How long a page is left to finish what follows a load or a Zoom to Fit. */
const AFTER_LOAD_MS = quick ? 500 : 2500;
/** How long frames are still recorded after a layout's notice. */
const AFTER_LAYOUT_MS = quick ? 300 : 1500;
/** Mouse moves of the scripted pan, and wheel notches each way of its zoom. */
const PAN_STEPS = quick ? 10 : 40;
const WHEEL_STEPS = quick ? 3 : 8;
const CHROMIUM = process.env.TRELLIS_CHROMIUM ?? '/usr/bin/chromium';

const graph = generateGraph({ tools: TOOLS, edges: EDGES });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-bench-'));
const backend = createBackend({ workspace: path.join(dir, 'bench.trellis'), host: 'web', seed: false });
const benchGraph = backend.store.graphs.create({ name: `Bench ${TOOLS}`, ...graph });
/** Back to the generated positions (a layout is saved like any edit). */
const restorePositions = () => backend.store.graphs.saveContent(benchGraph.id, { ...graph, dismissedSuggestions: [] });
const host = await startWebHost({ backend, staticRoot: path.join(root, 'dist/renderer') });

const bareRoot = path.join(root, 'dist/bench-canvas');
const bare = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x').pathname;
  if (url === '/graph.json') return res.end(JSON.stringify(graph));
  const file = path.join(bareRoot, url === '/' ? 'bare.html' : url);
  if (!file.startsWith(bareRoot) || !fs.existsSync(file)) return res.writeHead(404).end();
  res.writeHead(200, {
    'content-type': file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html',
  });
  fs.createReadStream(file).pipe(res);
});
await new Promise((resolve) => bare.listen(0, '127.0.0.1', resolve));
const bareUrl = `http://127.0.0.1:${bare.address().port}/`;

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

const FRAME_RECORDER = () => {
  window.__frames = [];
  window.__frameEnds = [];
  window.__recording = false;
  let last = performance.now();
  const tick = (now) => {
    if (window.__recording) {
      window.__frames.push(now - last);
      window.__frameEnds.push(now);
    }
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  // Long animation frames (over 50 ms) while recording: what a long frame was spent on.
  window.__longFrames = [];
  try {
    new window.PerformanceObserver((list) => {
      if (!window.__recording) return;
      for (const e of list.getEntries())
        window.__longFrames.push({
          start: Math.round(e.startTime),
          duration: Math.round(e.duration),
          blocking: Math.round(e.blockingDuration),
          // Script until rendering began, then style and layout, then the rest (paint, commit).
          render: Math.round(e.renderStart ? e.startTime + e.duration - e.renderStart : 0),
          styleLayout: Math.round(e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0),
          scripts: e.scripts.map((s) => ({
            duration: Math.round(s.duration),
            forcedLayout: Math.round(s.forcedStyleAndLayoutDuration),
            invoker: s.invoker,
            source: `${s.sourceFunctionName}@${(s.sourceURL ?? '').split('/').pop()}:${s.sourceCharPosition}`,
          })),
        });
    }).observe({ type: 'long-animation-frame', buffered: false });
  } catch {
    // No long-animation-frame entries in this browser.
  }
};

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;
};
const median = (values) => quantile(values, 0.5);
const round = (x, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Frame times during a scripted pan (drag) and zoom (wheel in, then out) over the pane's centre. */
async function panAndZoom(page) {
  const box = await page.locator('.react-flow__pane').boundingBox();
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.evaluate(() => {
    window.__frames = [];
    window.__recording = true;
  });
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  for (let i = 0; i < PAN_STEPS; i++) await page.mouse.move(cx - i * 8, cy - i * 4);
  await page.mouse.up();
  await page.mouse.move(cx, cy);
  for (let i = 0; i < WHEEL_STEPS; i++) {
    await page.mouse.wheel(0, -120);
    await page.waitForTimeout(30);
  }
  for (let i = 0; i < WHEEL_STEPS; i++) {
    await page.mouse.wheel(0, 120);
    await page.waitForTimeout(30);
  }
  return page.evaluate(() => {
    window.__recording = false;
    return window.__frames;
  });
}

/**
 * Trellis opens a large graph at a readable zoom on its first tools; the bare page shows all of
 * it. This is the same pan and zoom in Trellis after Zoom to Fit, all 1,000 tools on screen.
 */
async function measureFitAll(page) {
  await page.keyboard.press('Control+K');
  await page.getByLabel('Search commands').fill('zoom to fit');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(AFTER_LOAD_MS);
  return quantile(await panAndZoom(page), 0.95);
}

async function measure(url) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.addInitScript(FRAME_RECORDER);
  const started = Date.now();
  await page.goto(url);
  await page.waitForSelector('.react-flow', { timeout: 180_000 });
  if (process.env.BENCH_VERBOSE)
    console.log(`  ${url.includes('token') ? 'trellis' : 'bare'}: canvas mounted after ${Date.now() - started} ms`);
  await page.waitForSelector('.react-flow__node', { timeout: 180_000 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const renderMs = Date.now() - started;
  // Let both pages finish what follows a load (Trellis checks the graph, warms the layout worker).
  await page.waitForTimeout(AFTER_LOAD_MS);

  const frames = await panAndZoom(page);
  return { page, renderMs, frames };
}

/** Waits until frames come at least every 50 ms for half a second: work started earlier is done. */
const settle = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve) => {
        const started = performance.now();
        let quietSince = started;
        let last = started;
        const tick = (now) => {
          if (now - last > 50) quietSince = now;
          last = now;
          if (now - quietSince > 500 || now - started > 60_000) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );

/**
 * Auto-layout from the generated positions: at the view the canvas opens on (the goal: no frame
 * over 100 ms) or, with `fitAll`, after Zoom to Fit with every tool on screen.
 */
async function measureLayout(url, { fitAll }) {
  restorePositions();
  const { page } = await measure(url);
  if (fitAll) await measureFitAll(page);
  // Whatever the opening or Zoom to Fit left to do is not the layout's frame.
  await settle(page);
  await page.evaluate(() => {
    window.__frames = [];
    window.__frameEnds = [];
    window.__longFrames = [];
    window.__recording = true;
  });
  if (process.env.BENCH_MUTATIONS)
    await page.evaluate(() => {
      window.__mutations = {};
      new window.MutationObserver((records) => {
        for (const r of records) {
          const t = r.target;
          const where = `${t.nodeName}.${(t.getAttribute?.('class') ?? '').split(' ')[0]}<${t.parentElement?.getAttribute('class')?.split(' ')[0] ?? ''}`;
          const key = `${r.type}:${r.attributeName ?? ''}:${where}`;
          window.__mutations[key] =
            (window.__mutations[key] ?? 0) + (r.type === 'childList' ? r.addedNodes.length + r.removedNodes.length : 1);
        }
      }).observe(window.document.body, { subtree: true, attributes: true, childList: true });
    });
  const profiler = process.env.BENCH_PROFILE ? await page.context().newCDPSession(page) : null;
  if (profiler) {
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
    await profiler.send('Profiler.start');
  }
  await page.keyboard.press('Control+K');
  await page.getByLabel('Search commands').fill('auto-layout');
  await page.keyboard.press('Enter');
  // Polled cheaply from the page: a role query walks every element of the 4,000-element canvas
  // and would itself make the long frames this measures.
  const noticeText = await page.waitForFunction(
    () => {
      const text = window.document.querySelector('span.notice[role="status"]')?.textContent ?? '';
      return /Laid out in \d+ ms/.test(text) && { text, at: performance.now() };
    },
    null,
    { polling: 250, timeout: 120_000 },
  );
  const notice = await noticeText.jsonValue();
  const layoutMs = Number(/Laid out in (\d+) ms/.exec(notice.text)[1]);
  // Frames until the notice was seen (the figure of earlier rows); then split: waiting for ELK,
  // from its answer to the notice, and what follows the notice (the view's move, the minimap's
  // return, the problems' check and the save), recorded for another AFTER_LAYOUT_MS.
  const untilNotice = await page.evaluate(() => window.__frames.length);
  await page.waitForTimeout(AFTER_LAYOUT_MS);
  const { frames, frameEnds, longFrames, answeredAt } = await page.evaluate(() => {
    window.__recording = false;
    return {
      frames: window.__frames,
      frameEnds: window.__frameEnds,
      longFrames: window.__longFrames,
      answeredAt: performance.getEntriesByName('layout answered').at(-1)?.startTime ?? null,
    };
  });
  const maxOf = (pick) => Math.max(0, ...frames.filter((_, i) => pick(frameEnds[i], i)));
  const split = {
    waitingMaxFrameMs: answeredAt === null ? null : maxOf((t) => t <= answeredAt),
    applyingMaxFrameMs: answeredAt === null ? null : maxOf((t, i) => t > answeredAt && i < untilNotice),
    afterMaxFrameMs: maxOf((_, i) => i >= untilNotice),
  };
  if (profiler) {
    const { profile } = await profiler.send('Profiler.stop');
    const file = path.join(process.env.BENCH_PROFILE, `layout-${fitAll ? 'fit-all' : 'opening'}.cpuprofile`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(profile));
    console.log(`  profile: ${file}`);
  }
  if (process.env.BENCH_VERBOSE) {
    console.log(`  layout${fitAll ? ', zoomed to fit all' : ''}: frames ${frames.map((f) => Math.round(f)).join(' ')}`);
    for (const f of longFrames) console.log(`    long frame ${JSON.stringify(f)}`);
    const slices = await page.evaluate(() =>
      performance
        .getEntriesByName('layout slice')
        .map((e) => `${Math.round(e.startTime)}:${e.detail.count}/${Math.round(e.duration)}ms`),
    );
    console.log(`    slices (start:tools/script) ${slices.join(' ')}`);
    if (process.env.BENCH_MUTATIONS) {
      const m = await page.evaluate(() => window.__mutations);
      for (const [k, v] of Object.entries(m)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 25))
        console.log(`    ${v} ${k}`);
    }
  }
  await page.close();
  return { layoutMs, maxFrameMs: Math.max(...frames.slice(0, untilNotice)), ...split };
}

const results = { trellis: { render: [], p95: [], p95FitAll: [] }, bare: { render: [], p95: [] } };
for (let round_ = 0; round_ < ROUNDS; round_++) {
  for (const [name, url] of [
    ['bare', bareUrl],
    ['trellis', host.url],
  ]) {
    const { page, renderMs, frames } = await measure(url);
    results[name].render.push(renderMs);
    results[name].p95.push(quantile(frames, 0.95));
    if (name === 'trellis') results.trellis.p95FitAll.push(await measureFitAll(page));
    await page.close();
  }
}

// BENCH_LAYOUT=opening or fit-all: that layout only.
const layoutViews = process.env.BENCH_LAYOUT ?? 'both';
const layout = layoutViews === 'fit-all' ? null : await measureLayout(host.url, { fitAll: false });
const layoutFitAll = layoutViews === 'opening' ? null : await measureLayout(host.url, { fitAll: true });

await browser.close();
await host.close();
backend.close();
bare.close();
fs.rmSync(dir, { recursive: true, force: true });

const summary = {
  bench: 'canvas',
  date: new Date().toISOString(),
  tools: TOOLS,
  edges: EDGES,
  rounds: ROUNDS,
  first_render_ms: { trellis: median(results.trellis.render), bare: median(results.bare.render) },
  frame_p95_ms: { trellis: round(median(results.trellis.p95)), bare: round(median(results.bare.p95)) },
  frame_p95_fit_all_ms: round(median(results.trellis.p95FitAll)),
  layout_ms: layout?.layoutMs ?? null,
  layout_max_frame_ms: layout ? round(layout.maxFrameMs) : null,
  layout_split_max_frame_ms: layout
    ? {
        waiting: round(layout.waitingMaxFrameMs),
        applying: round(layout.applyingMaxFrameMs),
        after: round(layout.afterMaxFrameMs),
      }
    : null,
  layout_fit_all_ms: layoutFitAll?.layoutMs ?? null,
  layout_fit_all_max_frame_ms: layoutFitAll ? round(layoutFitAll.maxFrameMs) : null,
  layout_fit_all_split_max_frame_ms: layoutFitAll
    ? {
        waiting: round(layoutFitAll.waitingMaxFrameMs),
        applying: round(layoutFitAll.applyingMaxFrameMs),
        after: round(layoutFitAll.afterMaxFrameMs),
      }
    : null,
};
summary.first_render_ratio = round(summary.first_render_ms.trellis / summary.first_render_ms.bare, 2);
summary.frame_p95_ratio = round(summary.frame_p95_ms.trellis / summary.frame_p95_ms.bare, 2);
summary.frame_p95_fit_all_ratio = round(summary.frame_p95_fit_all_ms / summary.frame_p95_ms.bare, 2);
summary.goals = {
  render_ratio_le_1_3: summary.first_render_ratio <= 1.3,
  frame_p95_ratio_le_1_1: summary.frame_p95_ratio <= 1.1 && summary.frame_p95_fit_all_ratio <= 1.1,
  layout_max_frame_under_100ms: summary.layout_max_frame_ms !== null && summary.layout_max_frame_ms < 100,
  layout_under_2s: summary.layout_ms !== null && summary.layout_ms < 2000,
};

console.log(`Canvas benchmark, ${TOOLS} tools / ${EDGES} edges, median of ${ROUNDS} rounds`);
console.log(
  `  first render     Trellis ${summary.first_render_ms.trellis} ms   bare ${summary.first_render_ms.bare} ms   ratio ${summary.first_render_ratio}`,
);
console.log(
  `  frame time p95   Trellis ${summary.frame_p95_ms.trellis} ms   bare ${summary.frame_p95_ms.bare} ms   ratio ${summary.frame_p95_ratio}`,
);
console.log(
  `  frame time p95, Trellis zoomed to fit all   ${summary.frame_p95_fit_all_ms} ms   ratio ${summary.frame_p95_fit_all_ratio}`,
);
const splitText = (s) => (s ? `: waiting for ELK ${s.waiting}, applying ${s.applying}, after ${s.after} ms` : '');
console.log(
  `  auto-layout      ${summary.layout_ms} ms (longest frame meanwhile ${summary.layout_max_frame_ms} ms${splitText(summary.layout_split_max_frame_ms)})`,
);
console.log(
  `  auto-layout, zoomed to fit all   ${summary.layout_fit_all_ms} ms (longest frame ${summary.layout_fit_all_max_frame_ms} ms${splitText(summary.layout_fit_all_split_max_frame_ms)})`,
);
console.log(JSON.stringify(summary));
