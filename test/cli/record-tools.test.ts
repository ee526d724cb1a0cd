import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp';

/**
 * Exports of files in their producers' published shapes, as a trainer reads them: each record
 * with the tools it declared, a record that ends on its calls kept, thoughts in the target's
 * convention, parallel results in the order of their calls, media with their records.
 */
const BIN = path.join(__dirname, '..', '..', 'bin', 'trellis.js');
const PUBLISHED = path.join(__dirname, '..', 'fixtures', 'trajectories', 'published');

function trellis(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

const lines = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

interface Finding {
  code: string;
  source: string;
  message: string;
}

function imported(file: string, ...flags: string[]) {
  const workspace = path.join(tempDir(), 'records.trellis');
  const result = trellis('import', path.join(PUBLISHED, file), '--workspace', workspace, ...flags);
  expect(result.code, result.err).toBe(0);
  const check = trellis('check', '--workspace', workspace, '--json');
  expect(check.code, check.err).toBe(0);
  const { findings } = JSON.parse(check.out) as { findings: Finding[] };
  return { workspace, findings };
}

function exported(workspace: string, format: string, ...flags: string[]) {
  const out = tempDir();
  const result = trellis(
    'export',
    '--workspace',
    workspace,
    '--format',
    format,
    '--out',
    out,
    '--split',
    '1,0,0',
    ...flags,
  );
  const json = trellis(
    'export',
    '--workspace',
    workspace,
    '--format',
    format,
    '--out',
    tempDir(),
    '--split',
    '1,0,0',
    '--json',
    ...flags,
  );
  return {
    ...result,
    out,
    report: result.code === 0 ? (JSON.parse(json.out) as { report: Record<string, unknown> }).report : null,
  };
}

describe('a record’s own tools', () => {
  it('check each call against the definition its record declared, with --new-graph too', () => {
    // calculate_area is declared (shape, dimensions) by record 2 and (length, width) by records 3 and 4.
    const { workspace, findings } = imported('llamafactory-glaive-toolcall.json', '--new-graph', 'Areas');
    expect(findings.filter((f) => f.code === 'schema-violation')).toEqual([]);
    const conflicts = findings.filter((f) => f.code === 'tool-conflict');
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]!.source).toMatch(/#2$/);
    expect(conflicts[0]!.message).toContain('calculate_area(shape, dimensions)');
    expect(conflicts[0]!.message).toContain('calculate_area(length, width)');

    const { code, out, err } = exported(workspace, 'openai');
    expect(code, err).toBe(0);
    const records = lines(path.join(out, 'export.train.jsonl'));
    const toolsOf = (r: Record<string, unknown>) =>
      ((r.tools as { function: { name: string; parameters: { properties: object } } }[] | undefined) ?? []).map(
        (t) => `${t.function.name}(${Object.keys(t.function.parameters.properties).join(', ')})`,
      );
    const userText = (r: Record<string, unknown>) =>
      (r.messages as { role: string; content: string }[]).find((m) => m.role === 'user')!.content;
    const byQuestion = new Map(records.map((r) => [userText(r), toolsOf(r)]));
    // The record that declared "[]" carries none; each other record carries its own definition.
    expect(byQuestion.get('What is a GGUF file?')).toEqual([]);
    expect(byQuestion.get('Area of a 5 by 3 rectangle?')).toEqual(['calculate_area(shape, dimensions)']);
    expect(byQuestion.get('And a room 4 m long and 2.5 m wide?')).toEqual([
      'calculate_area(length, width)',
      'get_stock_price(symbol)',
    ]);
    // No false finding sets a weight to 0.
    for (const r of records)
      for (const m of r.messages as { role: string; weight?: number }[])
        if (m.role === 'assistant') expect(m.weight).toBe(1);
    expect(err).toContain(
      'Tools: 3 records with their own declared tools; 1 record declaring no tools, written without.',
    );
  });

  it('keep a record that ends on its tool call as a complete example, unflagged', () => {
    const { workspace, findings } = imported('azure-stock-calls.jsonl');
    expect(findings.map((f) => f.code)).toEqual([]);
    for (const format of ['openai', 'sharegpt', 'hermes']) {
      const { code, out, err, report } = exported(workspace, format);
      expect(code, err).toBe(0);
      expect(report).toMatchObject({ written: 4, leftOut: 0, flagged: 0 });
      expect(lines(path.join(out, 'export.train.jsonl'))).toHaveLength(4);
    }
  });
});

describe('thoughts per target', () => {
  // One import for the describe (tempDir() folders last one test).
  let workspace = '';
  beforeAll(() => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-test-thoughts-'));
    workspace = path.join(dir, 'thoughts.trellis');
    expect(
      trellis('import', path.join(PUBLISHED, 'llamafactory-reason-tool-use.jsonl'), '--workspace', workspace).code,
    ).toBe(0);
    return () => fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('inline in ShareGPT as LLaMA-Factory’s reasoning templates read them', () => {
    const { code, out, err } = exported(workspace, 'sharegpt');
    expect(code, err).toBe(0);
    const turns = lines(path.join(out, 'export.train.jsonl')).flatMap(
      (r) => r.conversations as { from: string; value: string }[],
    );
    const model = turns.filter((t) => t.from === 'gpt' || t.from === 'function_call');
    expect(model.length).toBeGreaterThan(0);
    for (const t of model) expect(t.value).toMatch(/^<think>\n[^]+\n<\/think>\n\n\S/);
    expect(err).toMatch(/Thoughts: \d+ written inline as <think>…<\/think>\./);
  });

  it('dropped from OpenAI by default, inline or as reasoning_content when asked; refused where a format cannot', () => {
    const messages = (out: string) =>
      lines(path.join(out, 'export.train.jsonl')).flatMap((r) => r.messages as Record<string, unknown>[]);
    const assistant = (out: string) => messages(out).filter((m) => m.role === 'assistant');
    const dropped = exported(workspace, 'openai');
    expect(dropped.code, dropped.err).toBe(0);
    expect(assistant(dropped.out).some((m) => 'reasoning_content' in m || String(m.content).includes('<think>'))).toBe(
      false,
    );
    expect(dropped.err).toMatch(/Thoughts: \d+ thoughts dropped/);
    const inline = exported(workspace, 'openai', '--reasoning', 'inline');
    expect(assistant(inline.out).every((m) => String(m.content).startsWith('<think>\n'))).toBe(true);
    const field = exported(workspace, 'openai', '--reasoning', 'field');
    expect(assistant(field.out).every((m) => typeof m.reasoning_content === 'string')).toBe(true);
    const refused = exported(workspace, 'sharegpt', '--reasoning', 'field');
    expect(refused.code).not.toBe(0);
    expect(refused.err).toContain('--reasoning field does not apply to sharegpt: it takes inline or drop.');
  });
});

describe('parallel results and media', () => {
  it('write results answered out of order in the order of their calls', () => {
    const { workspace } = imported('openai-parallel-out-of-order.jsonl');
    const { out } = exported(workspace, 'sharegpt');
    const [record] = lines(path.join(out, 'export.train.jsonl'));
    const turns = record!.conversations as { from: string; value: string }[];
    const calls = JSON.parse(turns.find((t) => t.from === 'function_call')!.value) as { arguments: { city: string } }[];
    const results = turns
      .find((t) => t.from === 'observation')!
      .value.split('\n</tool_response>\n<tool_response>\n')
      .map((r) => (JSON.parse(r) as { city: string }).city);
    expect(results).toEqual(calls.map((c) => c.arguments.city));
  });

  it('keep images through import and the ShareGPT export, and refuse them where a format has no place', () => {
    const { workspace } = imported('llamafactory-mllm.json');
    const sharegpt = exported(workspace, 'sharegpt');
    expect(sharegpt.code, sharegpt.err).toBe(0);
    const records = lines(path.join(sharegpt.out, 'export.train.jsonl'));
    // Record 3 has one <image> for two images: LLaMA-Factory refuses it, so the export leaves it out by name.
    expect(records.map((r) => r.images).sort()).toEqual([
      ['mllm_demo_data/1.jpg', 'mllm_demo_data/1.jpg'],
      ['mllm_demo_data/2.jpg'],
    ]);
    expect(sharegpt.err).toContain('1 <image> placeholder for 2 images');
    const info = JSON.parse(fs.readFileSync(path.join(sharegpt.out, 'dataset_info.json'), 'utf8')) as Record<
      string,
      { columns: Record<string, string> }
    >;
    expect(info.export_train!.columns).toEqual({ messages: 'conversations', images: 'images' });
    const openai = exported(workspace, 'openai');
    expect(openai.code).toBe(1);
    // Every record has images: the export is refused, saying why in one line.
    expect(openai.err).toContain(
      "breaking the OpenAI chat format's rules: media-not-carried 3). Export as LLaMA-Factory ShareGPT",
    );
  });
});
