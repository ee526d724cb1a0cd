import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { argumentValidator } from '../../../backend/checks/argument-validator';
import { GraphFile, type PlanStep, type ToolGraph } from '../../../shared/domain';
import { fromOpenAI } from '../../../shared/formats/trajectories/openai';
import { valueIsRead, valuesInText } from '../../../shared/text-values';
import {
  asRef,
  dateMentionsIn,
  goalToolsFor,
  planForGoals,
  planFromRecordings,
  recordedRequestsOf,
} from '../../../shared/plans';
import { planDefects, validatePlan } from '../../../shared/checks/plan';

/**
 * Held-out requests of two domains the recordings never saw, each with the plan a person would
 * write: values said in the request in the right parameters, references to earlier results for
 * what a tool produces, and nothing where the request gives no value (the person fills it).
 */
const DIR = path.join(__dirname, '..', '..', 'fixtures', 'planner-held-out');
const context = { today: '2026-11-25' };

function domain(name: string) {
  const file = GraphFile.parse(JSON.parse(fs.readFileSync(path.join(DIR, `${name}.graph.json`), 'utf8')));
  const graph = { ...file, id: name, dismissedSuggestions: [], updatedAt: '' } as ToolGraph;
  const trajectories = fs
    .readFileSync(path.join(DIR, `${name}.jsonl`), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line, i) => ({
      id: `${name}-${i + 1}`,
      title: `${name}.jsonl:${i + 1}`,
      turns: fromOpenAI(JSON.parse(line)).turns,
    }));
  return { graph, recordings: recordedRequestsOf(trajectories, graph) };
}

/** The no-model planner as Plans & Runs calls it: the nearest recordings, else the goals the intent's words find. */
function planWithoutModel({ graph, recordings }: ReturnType<typeof domain>, intent: string): PlanStep[] {
  const followed = planFromRecordings(graph, intent, recordings, context);
  if (followed) return followed.steps;
  return planForGoals(
    graph,
    goalToolsFor(intent, graph).map((g) => g.tool),
    intent,
    context,
  );
}

const ref = ($ref: string) => ({ $ref });
type Expected = [tool: string, args: Record<string, unknown>][];

const HELD_OUT: Record<'sre' | 'mail', { intent: string; plan: Expected }[]> = {
  sre: [
    {
      intent: 'Open a sev1 incident for service: auth titled Login failures and page the on-call',
      plan: [
        ['get_service', { name: 'auth' }],
        [
          'create_incident',
          {
            title: 'Login failures',
            service_id: ref('s1.result.service_id'),
            severity: 'sev1',
            team: ref('s1.result.team'),
          },
        ],
        ['page_oncall', { team: ref('s1.result.team') }],
      ],
    },
    {
      intent: 'Roll back auth to the previous release',
      plan: [
        ['get_service', { name: 'auth' }],
        ['list_deploys', { service_id: ref('s1.result.service_id') }],
        [
          'rollback_deploy',
          { service_id: ref('s1.result.service_id'), to_version: ref('s2.result.deploys[1].version') },
        ],
      ],
    },
    {
      // The nearest recording rolled back to a version no result gave: the plan leaves it to the person.
      intent: 'Roll back ledger to the last good version',
      plan: [
        ['get_service', { name: 'ledger' }],
        ['rollback_deploy', { service_id: ref('s1.result.service_id') }],
      ],
    },
    {
      intent: 'Add a note to incident INC-5120 saying "paged the database team, waiting on them"',
      plan: [['add_incident_note', { incident_id: 'INC-5120', note: 'paged the database team, waiting on them' }]],
    },
    {
      intent: 'Page the on-call for search with the message "p99 above 2s since 14:05"',
      plan: [
        ['get_service', { name: 'search' }],
        ['page_oncall', { team: ref('s1.result.team'), message: 'p99 above 2s since 14:05' }],
      ],
    },
    {
      intent: 'Open an incident for service: auth titled Token refresh failing, severity: sev2, team: identity',
      plan: [
        ['get_service', { name: 'auth' }],
        [
          'create_incident',
          {
            title: 'Token refresh failing',
            service_id: ref('s1.result.service_id'),
            severity: 'sev2',
            team: 'identity',
          },
        ],
      ],
    },
  ],
  mail: [
    {
      intent: 'Email mia@example.com with the subject Quarterly plan and the body Please review the draft by Friday',
      plan: [
        ['send_email', { to: 'mia@example.com', subject: 'Quarterly plan', body: 'Please review the draft by Friday' }],
      ],
    },
    {
      intent: "What's on my family calendar on Dec 21?",
      plan: [
        ['list_calendars', {}],
        ['list_events', { calendar_id: ref('s1.result.calendars[name=family].calendar_id'), date: '2026-12-21' }],
      ],
    },
    {
      intent: "What's on my family calendar for the school holidays on Dec 21?",
      plan: [
        ['list_calendars', {}],
        ['list_events', { calendar_id: ref('s1.result.calendars[name=family].calendar_id'), date: '2026-12-21' }],
      ],
    },
    {
      // The calendar's name, not the phrase around it ("events list in my family").
      intent: 'What is on the events list in my family calendar on Dec 21?',
      plan: [
        ['list_calendars', {}],
        ['list_events', { calendar_id: ref('s1.result.calendars[name=family].calendar_id'), date: '2026-12-21' }],
      ],
    },
    {
      intent: "What's on the calendar called Side projects on Dec 4?",
      plan: [
        ['list_calendars', {}],
        [
          'list_events',
          { calendar_id: ref('s1.result.calendars[name=Side projects].calendar_id'), date: '2026-12-04' },
        ],
      ],
    },
    {
      intent: 'Put Team lunch on my work calendar on Dec 11 at 12:30',
      plan: [
        ['list_calendars', {}],
        [
          'create_event',
          {
            calendar_id: ref('s1.result.calendars[name=work].calendar_id'),
            title: 'Team lunch',
            start: '2026-12-11T12:30:00',
          },
        ],
      ],
    },
    // Days said in prose, read against today (Wednesday 2026-11-25).
    {
      intent: "What's on my work calendar the day after tomorrow?",
      plan: [
        ['list_calendars', {}],
        ['list_events', { calendar_id: ref('s1.result.calendars[name=work].calendar_id'), date: '2026-11-27' }],
      ],
    },
    {
      intent: "What's on my family calendar a week from today?",
      plan: [
        ['list_calendars', {}],
        ['list_events', { calendar_id: ref('s1.result.calendars[name=family].calendar_id'), date: '2026-12-02' }],
      ],
    },
    {
      intent: "What's on my work calendar on Monday?",
      plan: [
        ['list_calendars', {}],
        ['list_events', { calendar_id: ref('s1.result.calendars[name=work].calendar_id'), date: '2026-11-30' }],
      ],
    },
    {
      intent: 'Put Gym on my personal calendar in 3 days at 7am',
      plan: [
        ['list_calendars', {}],
        [
          'create_event',
          {
            calendar_id: ref('s1.result.calendars[name=personal].calendar_id'),
            title: 'Gym',
            start: '2026-11-28T07:00:00',
          },
        ],
      ],
    },
    {
      intent: 'Put Flu shot in my personal calendar on Dec 9 at 8:15am',
      plan: [
        ['list_calendars', {}],
        [
          'create_event',
          {
            calendar_id: ref('s1.result.calendars[name=personal].calendar_id'),
            title: 'Flu shot',
            start: '2026-12-09T08:15:00',
          },
        ],
      ],
    },
    {
      intent: 'Email bob@example.com about the budget',
      plan: [['send_email', { to: 'bob@example.com', subject: 'Budget' }]],
    },
  ],
};

interface Tally {
  right: number;
  wrong: number;
  copied: number;
  misses: string[];
}

/** Every literal a recording's calls were given, as JSON. */
function recordedLiterals(recordings: ReturnType<typeof domain>['recordings']): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
    else out.add(JSON.stringify(v));
  };
  for (const r of recordings) for (const s of r.steps) walk(s.args);
  return out;
}

const saidIn = (intent: string, value: unknown) =>
  typeof value === 'string' && intent.toLowerCase().includes(value.toLowerCase());

/** The literals of a plan that neither the intent states nor a schema default gives (references are the graph's results). */
function ungroundedValues(graph: ToolGraph, intent: string, steps: PlanStep[]): string[] {
  const read = valuesInText(intent, context.today);
  const out: string[] = [];
  for (const step of steps) {
    const properties = (graph.tools.find((t) => t.name === step.tool)?.parameters.properties ?? {}) as Record<
      string,
      { default?: unknown }
    >;
    const walk = (param: string, value: unknown): void => {
      if (asRef(value)) return;
      if (Array.isArray(value)) return value.forEach((v) => walk(param, v));
      if (value && typeof value === 'object') return Object.entries(value).forEach(([k, v]) => walk(k, v));
      if (isDeepStrictEqual(properties[param]?.default, value)) return;
      const grounded =
        saidIn(intent, value) ||
        dateMentionsIn(intent, context.today).some((d) => d.value === value) ||
        ((typeof value === 'string' || typeof value === 'number') && valueIsRead(value, read, context.today) === true);
      if (!grounded) out.push(`${step.id} ${step.tool}.${param} = ${JSON.stringify(value)}`);
    };
    for (const [param, value] of Object.entries(step.args)) walk(param, value);
  }
  return out;
}

/** Argument by argument: right (as the person would write it, or left empty where they would fill it), wrong, or copied from a recording. */
function tally(intent: string, steps: PlanStep[], expected: Expected, literals: Set<string>, into: Tally) {
  expected.forEach(([tool, args], i) => {
    const step = steps[i];
    const planned: Record<string, unknown> = step?.tool === tool ? step.args : {};
    for (const param of new Set([...Object.keys(args), ...Object.keys(planned)])) {
      const want = args[param];
      const got = planned[param];
      if (step?.tool === tool && isDeepStrictEqual(want, got)) {
        into.right++;
        continue;
      }
      const copied = got !== undefined && literals.has(JSON.stringify(got)) && !saidIn(intent, got);
      if (copied) into.copied++;
      else into.wrong++;
      into.misses.push(
        `  ${intent}\n    s${i + 1} ${tool}.${param}: want ${JSON.stringify(want)}, got ${JSON.stringify(got)}${copied ? ' (copied from a recording)' : ''}${step?.tool === tool ? '' : ` (step is ${step?.tool})`}`,
      );
    }
  });
  if (steps.length > expected.length) {
    into.wrong += steps.slice(expected.length).length;
    into.misses.push(
      `  ${intent}\n    extra steps: ${steps
        .slice(expected.length)
        .map((s) => s.tool)
        .join(', ')}`,
    );
  }
}

describe('held-out intents: values only from the request and the graph', () => {
  for (const name of ['sre', 'mail'] as const) {
    it(`plans ${name} requests argument by argument, copying nothing from the recordings`, () => {
      const read = domain(name);
      const literals = recordedLiterals(read.recordings);
      const t: Tally = { right: 0, wrong: 0, copied: 0, misses: [] };
      const ungrounded: string[] = [];
      for (const { intent, plan } of HELD_OUT[name]) {
        const steps = planWithoutModel(read, intent);
        tally(intent, steps, plan, literals, t);
        ungrounded.push(...ungroundedValues(read.graph, intent, steps).map((u) => `${intent}: ${u}`));
      }
      console.log(
        `${name}: arguments right ${t.right}, wrong ${t.wrong}, copied from a recording ${t.copied}` +
          (t.misses.length ? `\n${t.misses.join('\n')}` : ''),
      );
      // No value absent from the request and the graph's results (and defaults) appears in a plan.
      expect(ungrounded).toEqual([]);
      expect(t.copied).toBe(0);
      expect(t.wrong).toBe(0);
    });
  }

  it('leaves a required value the request does not give empty, marked once as a problem and noted as needing a value', () => {
    const { graph, recordings } = domain('sre');
    const planned = planFromRecordings(graph, 'Roll back ledger to the last good version', recordings, context)!;
    const defects = planDefects(validatePlan(planned.steps, graph, argumentValidator(graph)));
    // One problem for the value: the edge's, which says where such a value comes from.
    expect(defects.map((p) => [p.code, p.where.step, p.where.path, p.message])).toEqual([
      [
        'dependency-order',
        's2',
        'args.to_version',
        'to_version is produced by list_deploys; add a list_deploys step before s2 or give the value.',
      ],
    ]);
    expect(planned.notes).toEqual([
      's2 rollback_deploy.to_version needs a value: the intent does not give one, and "Roll back billing to the last good version" had its own.',
    ]);
  });
});
