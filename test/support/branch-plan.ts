/** The three-branch plan of the batched-branch tests and bench:engine (compiled to dist/ for the bench). */
import { RunEngine } from '../../backend/executor/engine';
import { memoryTurns } from '../../backend/executor/run-turns';
import type { RuntimeDeps } from '../../backend/executor/runtimes';
import type { PlanStep, Tool } from '../../shared/domain';

const simulated = (name: string, description: string): Tool => ({
  name,
  description,
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  returns: {
    type: 'object',
    properties: { value: { type: 'string', maxLength: 40 } },
    required: ['value'],
  },
  runtime: { kind: 'llm-simulated' },
  position: { x: 0, y: 0 },
});

/** Four tools the model simulates: a trip's flights, hotels and weather, and a summary. */
export function branchGraph(): { tools: Tool[] } {
  return {
    tools: [
      simulated('flight_search', 'Finds flights to a city.'),
      simulated('hotel_search', 'Finds hotels in a city.'),
      simulated('weather_lookup', 'Tells the weather in a city.'),
      simulated('trip_summary', 'Sums up a trip to a city.'),
    ],
  };
}

/** Three independent branches (flights, hotels, weather), then a step that needs all three. */
export function branchPlan(): PlanStep[] {
  return [
    { id: 'flights', tool: 'flight_search', args: { city: 'Lisbon' }, dependsOn: [] },
    { id: 'hotels', tool: 'hotel_search', args: { city: 'Lisbon' }, dependsOn: [] },
    { id: 'weather', tool: 'weather_lookup', args: { city: 'Lisbon' }, dependsOn: [] },
    { id: 'summary', tool: 'trip_summary', args: { city: 'Lisbon' }, dependsOn: ['flights', 'hotels', 'weather'] },
  ];
}

/** The plan's run, its tools simulated through `runtime`: batched branches or one by one. */
export function branchPlanEngine(batchBranches: boolean, runtime: RuntimeDeps): RunEngine {
  return new RunEngine({
    graph: { tools: branchGraph().tools, edges: [] },
    mode: 'plan',
    plan: branchPlan(),
    turns: memoryTurns([{ role: 'user', content: 'Plan a trip to Lisbon' }]),
    batchBranches,
    runtime,
  });
}
