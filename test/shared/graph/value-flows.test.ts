import { describe, expect, it } from 'vitest';
import { suggestEdges, valueFlows, type CallInRun } from '../../../shared/graph';
import type { Tool } from '../../../shared/domain';

const tool = (name: string, parameters: Record<string, unknown>, returns: Record<string, unknown>): Tool => ({
  name,
  description: '',
  parameters: { type: 'object', properties: parameters },
  returns: { type: 'object', properties: returns },
  runtime: null,
  position: { x: 0, y: 0 },
});

const history = tool(
  'get_deploy_history',
  { service: { type: 'string' } },
  {
    deploys: {
      type: 'array',
      items: { type: 'object', properties: { version: { type: 'string' }, build: { type: 'string' } } },
    },
  },
);
const rollback = tool('rollback_deploy', { service: { type: 'string' }, target: { type: 'string' } }, {});

/** A run that looked at the history, then rolled back to the version before the newest. */
const run = (service: string, versions: string[]): CallInRun[] => [
  {
    tool: 'get_deploy_history',
    args: { service },
    result: { deploys: versions.map((version, i) => ({ version, build: `b-${service}-${i}` })) },
  },
  { tool: 'rollback_deploy', args: { service, target: versions[1] } },
];

describe('values that flowed from a result into a later call', () => {
  const runs = [run('checkout', ['v42', 'v41']), run('search', ['2.3.1', '2.3.0']), run('auth', ['r-9', 'r-8'])];

  it('are found once per run, and not for a value the tool was given', () => {
    expect(valueFlows(runs)).toEqual([
      {
        fromTool: 'get_deploy_history',
        fromPath: 'deploys[].version',
        toTool: 'rollback_deploy',
        toParam: 'target',
        runs: 3,
      },
    ]);
  });

  it('make an edge no name suggests, and say so', () => {
    const graph = { tools: [history, rollback], edges: [] };
    expect(suggestEdges(graph).filter((s) => s.kind === 'dependency')).toEqual([]);
    const [suggestion] = suggestEdges(graph, new Set(), { flows: valueFlows(runs) });
    expect(suggestion).toMatchObject({
      key: 'dep:get_deploy_history.deploys[].version->rollback_deploy.target',
      score: 0.56,
    });
    expect(suggestion!.reason).toBe(
      "get_deploy_history returns a list of deploys; one deploy's version fills rollback_deploy.target (the value flowed so in 3 recorded runs; one is picked from a list)",
    );
  });
});
