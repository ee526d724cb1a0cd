import { describe, expect, it } from 'vitest';
import { testBackend } from '../../helpers/backend';
import { EVERYTHING_SERVER } from '../../helpers/graphs';

const EVERYTHING = EVERYTHING_SERVER.args[0]!;

describe('MCP import with a real server', () => {
  it('starts server-everything over stdio and imports its tools with schemas and a link back', async () => {
    const backend = testBackend();
    const result = await backend.registry.invoke('tools.fromMcp', {
      command: process.execPath,
      args: [EVERYTHING, 'stdio'],
      consent: true,
    });
    expect(result.serverName).toMatch(/everything/i);
    const names = result.tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum']));
    const sum = result.tools.find((t) => t.name === 'get-sum')!;
    expect(sum.parameters).toMatchObject({
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
    });
    expect(sum.parameters.$schema).toBeUndefined();
    expect(sum.runtime).toEqual({
      kind: 'mcp',
      server: { command: process.execPath, args: [EVERYTHING, 'stdio'] },
      tool: 'get-sum',
      annotations: {
        title: 'Get Sum Tool',
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    });
    // What a tool declares it returns is its result's schema.
    const structured = result.tools.find((t) => t.name === 'get-structured-content')!;
    expect(structured.returns).toMatchObject({ type: 'object', properties: expect.any(Object) });
    expect(Object.keys(structured.returns.properties ?? {}).length).toBeGreaterThan(0);
  });

  it('refuses to start a server without consent', async () => {
    const backend = testBackend();
    await expect(backend.registry.dispatch('tools.fromMcp', { command: 'node', args: [] })).rejects.toMatchObject({
      code: 'E1002',
      message: expect.stringContaining('field "consent"'),
    });
  });

  it('reports a server that does not start, with the command line', async () => {
    const backend = testBackend();
    await expect(
      backend.registry.invoke('tools.fromMcp', {
        command: process.execPath,
        args: ['-e', 'process.exit(3)'],
        consent: true,
      }),
    ).rejects.toMatchObject({
      code: 'E4002',
      message: expect.stringContaining(`"${process.execPath} -e process.exit(3)"`),
    });
  });
});
