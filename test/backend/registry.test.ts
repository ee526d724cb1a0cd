import { describe, expect, it } from 'vitest';
import { HandlerRegistry } from '../../backend/registry';
import { TrellisError } from '../../shared/errors';
import { testBackend } from '../helpers/backend';

describe('HandlerRegistry', () => {
  it('refuses a method registered twice, naming both', () => {
    const registry = new HandlerRegistry();
    registry.register('system', {
      'system.info': () => ({ version: '1', host: 'cli', workspacePath: 'x', schemaVersion: 1 }),
    });
    expect(() =>
      registry.register('other', {
        'system.info': () => ({ version: '2', host: 'cli', workspacePath: 'y', schemaVersion: 1 }),
      }),
    ).toThrow(/"system.info" is registered twice \(second time by domain "other"\)/);
  });

  it('refuses a handler for a method that is not in the contract', () => {
    const registry = new HandlerRegistry();
    expect(() => registry.register('graphs', { 'graphs.explode': () => null } as never)).toThrow(/not in the contract/);
  });

  it('lists contract methods without a handler', () => {
    const registry = new HandlerRegistry();
    registry.register('graphs', { 'graphs.list': () => [] });
    expect(registry.missing()).toContain('system.info');
    expect(registry.missing()).not.toContain('graphs.list');
  });

  it('rejects a result that breaks the contract instead of passing it on', async () => {
    const registry = new HandlerRegistry();
    registry.register('graphs', { 'graphs.list': () => [{ id: 1 }] as never });
    await expect(registry.dispatch('graphs.list', {})).rejects.toMatchObject({ code: 'E1003' });
  });

  it('turns a thrown plain error into E9000 with its message', async () => {
    const registry = new HandlerRegistry();
    registry.register('graphs', {
      'graphs.list': () => {
        throw new Error('boom');
      },
    });
    const error = await registry.dispatch('graphs.list', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TrellisError);
    expect(error).toMatchObject({ code: 'E9000', message: 'boom' });
  });

  it('maps a full disk to E2005 so the user knows their data is safe', async () => {
    const registry = new HandlerRegistry();
    registry.register('graphs', {
      'graphs.list': () => {
        throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      },
    });
    await expect(registry.dispatch('graphs.list', {})).rejects.toMatchObject({ code: 'E2005' });
  });
});

describe('contract calls through the backend', () => {
  it('answers a well-formed call with typed data', async () => {
    const backend = testBackend();
    const graphs = await backend.registry.invoke('graphs.list', {});
    expect(graphs.map((g) => g.name)).toEqual(['Trip planning']);
  });

  it('names the method and the bad field of a malformed call', async () => {
    const backend = testBackend();
    const error = await backend.registry.dispatch('graphs.rename', { id: 'x', name: 42 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'E1002' });
    expect((error as Error).message).toMatch(/^graphs\.rename: field "name": /);
  });

  it('names nested fields by their path', async () => {
    const backend = testBackend();
    const error = await backend.registry
      .dispatch('graphs.save', { id: 'g', tools: [{ name: 'bad name!' }], edges: [], dismissedSuggestions: [] })
      .catch((e: unknown) => e);
    expect((error as Error).message).toContain('field "tools.0.name"');
  });

  it('refuses an unknown method with E1001', async () => {
    const backend = testBackend();
    await expect(backend.registry.dispatch('graphs.nope', {})).rejects.toMatchObject({
      code: 'E1001',
      message: 'No method "graphs.nope".',
    });
  });

  it('has a handler for every contract method', () => {
    expect(testBackend().registry.missing()).toEqual([]);
  });

  it('pushes graphs.changed after an edit', async () => {
    const backend = testBackend();
    const seen: unknown[] = [];
    backend.events.subscribe((name, payload) => seen.push({ name, payload }));
    const [graph] = await backend.registry.invoke('graphs.list', {});
    await backend.registry.invoke('graphs.rename', { id: graph!.id, name: 'Trips' });
    expect(seen).toEqual([
      { name: 'graphs.changed', payload: { graphId: graph!.id, ids: [graph!.id], reason: 'updated' } },
    ]);
  });
});

describe('a full disk', () => {
  it('answers E2005 and keeps the workspace as it was', async () => {
    const backend = testBackend();
    const before = await backend.registry.invoke('graphs.list', {});
    const [graph] = before;
    // Cap the file at its current size: the next page SQLite needs is refused as on a full disk.
    const pages = backend.store.db.pragma('page_count', { simple: true }) as number;
    backend.store.db.pragma(`max_page_count = ${pages}`);
    const error = await backend.registry
      .dispatch('graphs.duplicate', { id: graph!.id, name: 'Copy that does not fit' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'E2005' });
    expect((error as Error).message).toMatch(/could not be written \(SQLITE_FULL\)/);
    expect(await backend.registry.invoke('graphs.list', {})).toEqual(before);
    expect(backend.store.db.pragma('integrity_check', { simple: true })).toBe('ok');
  });
});

describe('native file dialog', () => {
  it('is reported unsupported where the shell has none (web host, CLI)', async () => {
    const backend = testBackend();
    expect(await backend.registry.invoke('system.pickFile', { title: 'GGUF model', extensions: ['gguf'] })).toEqual({
      path: null,
      supported: false,
    });
  });
});
