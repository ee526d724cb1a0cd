import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUNTIME_CALLS } from '../../../backend/executor/runtimes';
import { graphRuntimeVerb } from '../../../cli/graph-runtime';
import { RUNTIME_FLAG_NAMES, RUNTIME_FLAGS } from '../../../cli/runtime-flags';
import { graphsMethods } from '../../../shared/contract/graphs';
import { ToolRuntime } from '../../../shared/domain';
import { ConsentKind } from '../../../shared/runs';
import { CONSENTING_KINDS, newRuntime, RUNTIME_KIND_NAMES, RUNTIME_KINDS } from '../../../shared/runtimes';
import { smartHomeGraph } from '../../helpers/graphs';

const ROOT = path.join(__dirname, '..', '..', '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const EDITORS = 'renderer/src/workspaces/graph/inspector/runtime/editors';

/** The kinds a folder has a file for (`<kind>.ts` / `<kind>.tsx`), leaving out its index and shared types. */
const kindFiles = (folder: string, ...shared: string[]) =>
  fs
    .readdirSync(path.join(ROOT, folder))
    .map((f) => f.replace(/\.tsx?$/, ''))
    .filter((f) => !['index', ...shared].includes(f))
    .sort();

const thermostat = smartHomeGraph().tools[2]!;
const sorted = (list: readonly string[]) => [...list].sort();

describe('the runtime kind registry', () => {
  it('gives every kind one descriptor, in a file named as the kind, with a label and a template of its schema', () => {
    expect(kindFiles('shared/runtimes/kinds', 'kind')).toEqual(sorted(RUNTIME_KIND_NAMES));
    for (const kind of RUNTIME_KIND_NAMES) {
      const descriptor = RUNTIME_KINDS[kind];
      expect(descriptor.kind).toBe(kind);
      expect(descriptor.label.trim(), kind).not.toBe('');
      expect(descriptor.noun.trim(), kind).not.toBe('');
      const made = newRuntime(kind, thermostat);
      expect(made.kind).toBe(kind);
      expect(descriptor.schema.safeParse(made).success, kind).toBe(true);
      expect(ToolRuntime.safeParse(made).success, kind).toBe(true);
    }
  });

  it('is the runtime union of the graph: one schema per kind, the descriptor’s own', () => {
    expect(ToolRuntime.options.map((o) => o.shape.kind.value)).toEqual(RUNTIME_KIND_NAMES);
    for (const option of ToolRuntime.options) expect(option).toBe(RUNTIME_KINDS[option.shape.kind.value].schema);
  });

  it('is what the contract lists: the kinds a tool keeps over recordings, the consent kinds, the summary', () => {
    const kept = graphsMethods['graphs.makeReplayRuntimes'].result.shape.tools.element.shape.kept.unwrap();
    expect(kept.options).toEqual(RUNTIME_KIND_NAMES.filter((k) => !RUNTIME_KINDS[k].recorded));
    expect(kept.options).not.toContain('replay');
    expect(ConsentKind.options).toEqual([...RUNTIME_KIND_NAMES.filter((k) => RUNTIME_KINDS[k].consent), 'model']);
    expect(CONSENTING_KINDS).toEqual(['mcp', 'http']);
    for (const kind of RUNTIME_KIND_NAMES)
      expect(graphsMethods['graphs.setRuntime'].summary, kind).toContain(RUNTIME_KINDS[kind].noun);
  });

  it('has a call of every kind in the backend, each file named as the kind', () => {
    expect(sorted(Object.keys(RUNTIME_CALLS))).toEqual(sorted(RUNTIME_KIND_NAMES));
    const calls = kindFiles('backend/executor/runtimes', 'types', 'mock-runner', 'sandbox', 'sandbox-worker');
    expect(calls).toEqual(sorted(RUNTIME_KIND_NAMES));
    for (const kind of RUNTIME_KIND_NAMES) {
      expect(RUNTIME_CALLS[kind].result.what.trim(), kind).not.toBe('');
      expect(RUNTIME_CALLS[kind].result.fix.trim(), kind).not.toBe('');
    }
  });

  it('has a flag of every kind in trellis graph runtime, named as the kind, or says which verb makes it', () => {
    expect(sorted(Object.keys(RUNTIME_FLAGS))).toEqual(sorted(RUNTIME_KIND_NAMES));
    const help = `${graphRuntimeVerb.summary}\n${graphRuntimeVerb.usage}`;
    for (const kind of RUNTIME_KIND_NAMES) {
      const entry = RUNTIME_FLAGS[kind];
      if ('madeBy' in entry) {
        expect(help, kind).toContain(entry.madeBy);
        expect(RUNTIME_FLAG_NAMES.some((f) => f.kind === kind)).toBe(false);
        continue;
      }
      expect(graphRuntimeVerb.options[kind], kind).toBeDefined();
      expect(help, kind).toContain(`--${kind}`);
      expect(RUNTIME_FLAG_NAMES).toContainEqual({ flag: kind, kind });
      for (const alias of entry.aliases ?? []) expect(graphRuntimeVerb.options[alias], alias).toBeDefined();
    }
    // The old spelling of the model's kind stays accepted: the README and scripts use it.
    expect(RUNTIME_FLAG_NAMES).toContainEqual({ flag: 'simulated', kind: 'llm-simulated' });
    expect(RUNTIME_FLAG_NAMES.at(-1)).toEqual({ flag: 'none', kind: null });
  });

  it('has an editor of every kind in the inspector, which the pickers read instead of hand-kept lists', () => {
    expect(kindFiles(EDITORS, 'types')).toEqual(sorted(RUNTIME_KIND_NAMES));
    const table = read(`${EDITORS}/index.ts`);
    for (const kind of RUNTIME_KIND_NAMES) {
      expect(table, kind).toContain(`from './${kind}'`);
      expect(table, kind).toMatch(new RegExp(`^  '?${kind}'?: \\w+Editor,$`, 'm'));
    }
    const section = read('renderer/src/workspaces/graph/inspector/runtime/RuntimeSection.tsx');
    const selection = read('renderer/src/workspaces/graph/inspector/runtime/SelectionRuntime.tsx');
    expect(section).toMatch(/RUNTIME_KIND_NAMES\.map\(/);
    expect(section).toMatch(/RUNTIME_EDITORS\[runtime\.kind\]/);
    expect(selection).toMatch(/RUNTIME_KIND_NAMES\.flatMap\(/);
    for (const kind of RUNTIME_KIND_NAMES)
      for (const source of [section, selection]) {
        expect(source, kind).not.toContain(`value="${kind}"`);
        expect(source, kind).not.toContain(`kind === '${kind}'`);
      }
  });

  it('is how the README says to add a kind', () => {
    const readme = read('README.md');
    const at = readme.indexOf('### Adding a runtime kind');
    expect(at).toBeGreaterThan(0);
    const section = readme.slice(at, readme.indexOf('\n#', at + 5));
    for (const file of [
      'shared/runtimes/kinds/<kind>.ts',
      'shared/runtimes/kinds/index.ts',
      'backend/executor/runtimes/<kind>.ts',
      'backend/executor/runtimes/index.ts',
      `${EDITORS}/<kind>.tsx`,
      `${EDITORS}/index.ts`,
      'cli/runtime-flags.ts',
    ])
      expect(section, file).toContain(file);
  });
});
