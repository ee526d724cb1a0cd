import { describe, expect, it } from 'vitest';
import { ToolRuntime } from '../../../shared/domain';
import { exampleArgs, joinCommandLine, mockTemplate, newRuntime, splitCommandLine } from '../../../shared/runtimes';
import { smartHomeGraph } from '../../helpers/graphs';

const [listRooms, , thermostat] = smartHomeGraph().tools;

describe('runtime templates', () => {
  it('gives example arguments from defaults, enums and names', () => {
    // celsius has minimum 5: the example respects the schema's range.
    expect(exampleArgs(thermostat!)).toEqual({ room_id: expect.any(String), celsius: 5, mode: 'auto' });
  });

  it('starts a mock from the returns shape, echoing arguments of the same name', () => {
    const code = mockTemplate(thermostat!);
    expect(code).toContain('  room_id: args.room_id,\n  celsius: args.celsius,\n  mode: args.mode,\n  status: ');
    expect(mockTemplate(listRooms!)).toContain('rooms: [{"room_id":');
  });

  it('makes a valid runtime of every kind', () => {
    for (const kind of ['mock', 'fixed', 'llm-simulated', 'http', 'mcp', 'replay'] as const)
      expect(ToolRuntime.safeParse(newRuntime(kind, thermostat!)).success, kind).toBe(true);
  });
});

describe('command lines', () => {
  it('splits as a shell would: quotes group, backslashes escape', () => {
    expect(splitCommandLine(`npx -y "@acme/home server" --name 'a "b"' x\\ y`)).toEqual([
      'npx',
      '-y',
      '@acme/home server',
      '--name',
      'a "b"',
      'x y',
    ]);
    expect(splitCommandLine('  ')).toEqual([]);
    expect(splitCommandLine('node "unclosed')).toBeNull();
  });

  it('joins words back into a line that splits the same', () => {
    const words = ['node', '/a b/server.js', "it's", ''];
    expect(splitCommandLine(joinCommandLine(words))).toEqual(words);
  });
});
