import type { z } from 'zod';
import { dataChangeEvents } from './data-changes';
import { datasetsMethods } from './datasets';
import { environmentsMethods } from './environments';
import { labelsMethods } from './labels';
import { mappingsMethods } from './mappings';
import type { ArgsOf, ResultOf } from './define';
import { evaluationMethods } from './evaluation';
import { experimentsMethods } from './experiments';
import { graphsMethods } from './graphs';
import { jobsEvents, jobsMethods } from './jobs';
import { modelsEvents, modelsMethods } from './models';
import { plansMethods } from './plans';
import { runsEvents, runsMethods } from './runs';
import { synthMethods } from './synth';
import { systemMethods } from './system';
import { toolsMethods } from './tools';
import { trajectoriesMethods } from './trajectories';
import { workspaceMethods } from './workspace';

/** Every method the backend serves, whatever the transport. */
export const contract = {
  ...systemMethods,
  ...jobsMethods,
  ...workspaceMethods,
  ...graphsMethods,
  ...toolsMethods,
  ...modelsMethods,
  ...trajectoriesMethods,
  ...mappingsMethods,
  ...evaluationMethods,
  ...plansMethods,
  ...runsMethods,
  ...labelsMethods,
  ...datasetsMethods,
  ...synthMethods,
  ...experimentsMethods,
  ...environmentsMethods,
};

/** Every event the backend pushes to the UI. */
export const events = {
  ...jobsEvents,
  ...modelsEvents,
  ...runsEvents,
  ...dataChangeEvents,
};

export type Contract = typeof contract;
export type MethodName = keyof Contract;
export type Args<K extends MethodName> = ArgsOf<Contract[K]>;
export type Result<K extends MethodName> = ResultOf<Contract[K]>;
export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<K extends EventName> = z.output<Events[K]>;

export function isMethodName(name: string): name is MethodName {
  return Object.hasOwn(contract, name);
}

export * from './define';
export * from './messages';
export * from './channels';
export * from './data-changes';
