import { TrellisError } from '../shared/errors';
import { formatProblem } from '../shared/checks/format';
import { planDefects } from '../shared/checks/plan';
import { ConsentKind } from '../shared/runs';
import { countOf } from '../shared/text';
import { allowGrants, allowModelServer, allowOption, consentLines } from './allow-flags';
import { graphIdFor, loadModelFlag, openBackend } from './backend-helpers';
import type { Verb } from './verb';
import { defaultWorkspacePath } from './workspace-path';

export const planVerb: Verb = {
  name: 'plan',
  summary: 'Make a plan for an intent on a tool graph (model or deterministic planner), validate and save it.',
  usage:
    'trellis plan --graph NAME --intent TEXT [--workspace FILE] [--planner model|deterministic] [--model FILE.gguf]\n' +
    "             [--goals a,b] [--format json|worfbench] [--allow 'model:URL'] [--json]",
  options: {
    workspace: { type: 'string', description: `Workspace file (default ${defaultWorkspacePath()})` },
    graph: { type: 'string', description: 'Tool graph name (optional when the workspace has one)' },
    intent: { type: 'string', description: 'What the plan should achieve' },
    planner: { type: 'string', description: 'deterministic (default without --model) or model' },
    model: { type: 'string', description: 'GGUF file to load for the model planner' },
    goals: { type: 'string', description: 'Goal tools for the deterministic planner, comma-separated' },
    format: { type: 'string', description: 'json (default) or worfbench: how to print the plan' },
    allow: allowOption(['model']),
  },
  async run(values, io) {
    if (typeof values.intent !== 'string') throw new TrellisError('E1002', '--intent is required.');
    const planner = values.planner ?? (values.model ? 'model' : 'deterministic');
    if (planner !== 'model' && planner !== 'deterministic')
      throw new TrellisError('E1002', '--planner must be model or deterministic.');
    const grants = allowGrants(values.allow, ['model'], 'plan');
    const backend = openBackend(values);
    try {
      await allowModelServer(backend, grants);
      const graphId = await graphIdFor(backend, values.graph);
      await loadModelFlag(backend, values.model);
      const { candidates, goals } = await backend.registry.invoke('plans.generate', {
        graphId,
        intent: values.intent,
        planner,
        ...(typeof values.goals === 'string' ? { goals: values.goals.split(',').map((g) => g.trim()) } : {}),
      });
      const plan = candidates[0]!;
      // A tool without a runtime does not make the plan wrong: reported, not counted.
      const problems = planDefects(plan.problems);
      const warnings = plan.problems.filter((p) => !problems.includes(p));
      const saved = await backend.registry.invoke('plans.save', {
        graphId,
        intent: values.intent,
        steps: plan.steps,
        modelSettings: {
          planner,
          ...(goals.length ? { goals } : {}),
          ...(plan.followed?.length ? { followed: plan.followed.map((f) => f.trajectoryId) } : {}),
        },
      });
      if (io.json) io.out(JSON.stringify({ ok: problems.length === 0, planId: saved.id, ...plan, problems, warnings }));
      else {
        io.out(values.format === 'worfbench' ? plan.text : JSON.stringify(plan.steps, null, 2));
        for (const p of [...problems, ...warnings]) io.err(formatProblem(p));
        for (const f of plan.followed ?? [])
          io.err(
            `Follows recorded trajectory ${f.trajectoryId} (${Math.round(f.similarity * 100)} % alike): ${f.request}`,
          );
        for (const note of plan.notes ?? []) io.err(`Note: ${note}`);
        io.out(
          `Saved plan ${saved.id} (${countOf(plan.steps.length, 'step')}, ${countOf(problems.length, 'problem')}).`,
        );
      }
      return problems.length ? 1 : 0;
    } finally {
      backend.close();
    }
  },
};

export const runPlanVerb: Verb = {
  name: 'run',
  summary: "Execute a saved plan with the graph's tool runtimes and save the run as a trajectory.",
  usage:
    "trellis run --plan ID [--allow 'mcp:COMMAND LINE' | --allow 'http:METHOD URL' | --allow 'model:URL']… [--anyway]\n" +
    '            [--workspace FILE] [--json]',
  options: {
    anyway: {
      type: 'boolean',
      description: 'Run a plan that has problems (they are listed and it is refused without this)',
    },
    workspace: { type: 'string', description: `Workspace file (default ${defaultWorkspacePath()})` },
    plan: { type: 'string', description: 'Id of a saved plan (trellis plan prints it)' },
    allow: allowOption(ConsentKind.options),
  },
  async run(values, io) {
    if (typeof values.plan !== 'string') throw new TrellisError('E1002', '--plan is required.');
    const grants = allowGrants(values.allow, ConsentKind.options, 'run');
    const backend = openBackend(values);
    try {
      await allowModelServer(backend, grants);
      const graphs = await backend.registry.invoke('graphs.list', {});
      let found = null;
      for (const g of graphs) {
        found =
          (await backend.registry.invoke('plans.list', { graphId: g.id })).find((p) => p.id === values.plan) ?? null;
        if (found) break;
      }
      if (!found) throw new TrellisError('E3001', `No saved plan ${values.plan} in this workspace.`);
      // A plan with problems is not run by surprise: the user reads them first, as in the app.
      const problems = planDefects(
        await backend.registry.invoke('plans.validate', { graphId: found.graphId, steps: found.steps }),
      );
      if (problems.length && !values.anyway) {
        if (io.json) io.out(JSON.stringify({ ok: false, ran: false, planId: found.id, problems }));
        else {
          io.err(`trellis run: plan ${found.id} has ${problems.length} problem${problems.length === 1 ? '' : 's'}:`);
          for (const p of problems) io.err(`  ${formatProblem(p)}`);
          io.err(
            'Nothing was run. Fix the plan (trellis plan, or Plans & Runs in the app), or run it as it is with --anyway.',
          );
        }
        return 1;
      }
      const started = await backend.registry.invoke('runs.start', {
        graphId: found.graphId,
        intent: found.intent,
        planId: found.id,
      });
      for (const { kind, key } of grants)
        if (kind !== 'model') await backend.registry.invoke('runs.allow', { runId: started.id, kind, key });
      const run = await backend.registry.invoke('runs.continue', { runId: started.id });
      // Nothing unapproved is ever started: say all of what would run (escapes made visible) and how to allow it.
      if (run.status === 'needs-consent' && run.consent && !io.json)
        io.err(`trellis run: stopped before a step: ${consentLines(run.consent).join('\n')}`);
      if (io.json) io.out(JSON.stringify({ ok: run.status === 'finished', ...run }));
      else {
        for (const [i, t] of run.turns.entries()) {
          const calls = (t.toolCalls ?? []).map((c) => `${c.name}(${JSON.stringify(c.args)})`).join(' ');
          io.out(
            `${String(i).padStart(3)} ${t.role.padEnd(9)} ${[t.thought, calls, t.content].filter(Boolean).join(' ')}`,
          );
        }
        io.out(`Run ${run.trajectoryId} ${run.status}${run.note ? `: ${run.note}` : ''}.`);
      }
      return run.status === 'finished' ? 0 : 1;
    } finally {
      backend.close();
    }
  },
};
