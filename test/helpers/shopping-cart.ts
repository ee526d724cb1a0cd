import fs from 'node:fs';
import path from 'node:path';
import type { Backend } from '../../backend/backend';
import { GraphFile, type Environment, type PlanStep } from '../../shared/domain';

/** The shopping-cart graph: four tools answered by one environment (a shop's stock, a cart, orders) with a goal. */
export const SHOPPING_CART_FILE = path.join(__dirname, '../fixtures/graphs/shopping-cart.graph.json');

export const shoppingCart = (): GraphFile => GraphFile.parse(JSON.parse(fs.readFileSync(SHOPPING_CART_FILE, 'utf8')));

/** The cart's environment, with `extra` code after it (more tools, another goal). */
export function cartEnvironment(extra = ''): Environment {
  const environment = shoppingCart().environment!;
  return { ...environment, code: `${environment.code}\n${extra}` };
}

/** Saves the shopping-cart graph (its environment changed by `environment`) in `b`; returns its id. */
export async function addShoppingCart(
  b: Backend,
  environment: Environment | null = cartEnvironment(),
  name = shoppingCart().name,
) {
  const file = shoppingCart();
  const { id } = await b.registry.invoke('graphs.create', { name });
  await b.registry.invoke('graphs.save', {
    id,
    tools: file.tools,
    edges: file.edges,
    dismissedSuggestions: [],
    environment,
  });
  return id;
}

/** A plan of calls one after the other: `[tool, args]` each. */
export const planOf = (...calls: [string, Record<string, unknown>][]): PlanStep[] =>
  calls.map(([tool, args], i) => ({ id: `s${i + 1}`, tool, args, dependsOn: i ? [`s${i}`] : [] }));

/** Starts a plan run of `steps` on the graph and runs it to its end. */
export async function runPlan(b: Backend, graphId: string, steps: PlanStep[], intent = 'Shop') {
  const run = await b.registry.invoke('runs.start', { graphId, intent, mode: 'plan', steps });
  return b.registry.invoke('runs.continue', { runId: run.id });
}
