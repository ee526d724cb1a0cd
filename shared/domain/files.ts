import { z } from 'zod';
import { Environment } from './environment';
import { GraphEdge, GraphName, Tool } from './tool-graph';
import { Turn } from './trajectory';

/** A tool graph as a versioned Trellis JSON file. */
export const GraphFile = z.object({
  format: z.literal('trellis.graph'),
  version: z.literal(1),
  name: GraphName,
  tools: z.array(Tool),
  edges: z.array(GraphEdge),
  /** The world its tools share, when it has one. */
  environment: Environment.nullable().optional(),
});
export type GraphFile = z.infer<typeof GraphFile>;

/** A trajectory as a versioned Trellis JSON file; `graph` names the tool graph it ran on. */
export const TrajectoryFile = z.object({
  format: z.literal('trellis.trajectory'),
  version: z.literal(1),
  title: z.string(),
  source: z.string(),
  graph: z.string().nullable(),
  turns: z.array(Turn),
});
export type TrajectoryFile = z.infer<typeof TrajectoryFile>;
