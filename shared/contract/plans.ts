import { z } from 'zod';
import { Plan, PlanStep } from '../domain';
import { PLAN_CODE_LIST } from '../checks/plan';
import { Problem, StepWhere } from '../domain/problem';
import { method } from './define';
import { JobId } from './jobs';

export const PlanProblem = Problem.extend({ code: z.enum(PLAN_CODE_LIST), where: StepWhere });

/** A recorded trajectory the deterministic planner followed: its request and how alike the intent is (0–1). */
export const FollowedRecording = z.object({
  trajectoryId: z.string(),
  title: z.string(),
  request: z.string(),
  similarity: z.number(),
});

const Candidate = z.object({
  steps: z.array(PlanStep),
  problems: z.array(PlanProblem),
  /** The plan in WorfBench's text form. */
  text: z.string(),
  /** The recordings the plan followed, nearest first (the deterministic planner, when the graph has some). */
  followed: z.array(FollowedRecording).optional(),
  /** What the planner could not take from the intent. */
  notes: z.array(z.string()).optional(),
});

export const plansMethods = {
  'plans.generate': method({
    summary:
      "Plans for an intent on a graph: with the model (a job: grammar from the graph, tokens stream as models.token for its jobId) or the deterministic planner, which follows the graph's nearest recorded trajectories when it has some.",
    args: z.object({
      graphId: z.string(),
      intent: z.string().trim().min(1),
      planner: z.enum(['model', 'deterministic']).default('deterministic'),
      /** Goal tools for the deterministic planner; taken from the intent when absent. */
      goals: z.array(z.string()).optional(),
      candidates: z.number().int().min(1).max(5).default(1),
      maxSteps: z.number().int().min(1).max(20).default(6),
      temperature: z.number().min(0).max(2).default(0.7),
      jobId: JobId.optional(),
    }),
    result: z.object({
      candidates: z.array(Candidate),
      goals: z.array(z.string()),
      /** The model's work: how long the candidates took together, and the tokens they generated. */
      generation: z.object({ ms: z.number(), tokens: z.number().int().nullable() }).nullable(),
    }),
  }),
  'plans.validate': method({
    summary: 'Problems of a plan on its graph, by step.',
    args: z.object({ graphId: z.string(), steps: z.array(PlanStep) }),
    result: z.array(PlanProblem),
  }),
  'plans.save': method({
    summary: 'Saves a plan with its intent and the model settings that made it.',
    args: Plan.pick({ graphId: true, intent: true, steps: true, modelSettings: true }),
    result: Plan,
  }),
  'plans.list': method({
    summary: "A graph's saved plans, newest first.",
    args: z.object({ graphId: z.string() }),
    result: z.array(Plan),
  }),
  'plans.toWorkflow': method({
    summary: "A plan in WorfBench's text form (Node: … Edge: …).",
    args: z.object({ steps: z.array(PlanStep) }),
    result: z.object({ text: z.string() }),
  }),
  'plans.fromWorkflow': method({
    summary: "Reads WorfBench's text form as a plan on a graph, with its problems.",
    args: z.object({ graphId: z.string(), text: z.string() }),
    result: Candidate.extend({ unmatched: z.array(z.string()) }),
  }),
};
