import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTools } from '../../../shared/formats/tools';
import { suggestEdges } from '../../../shared/graph';
import { suggestEdgesBefore } from './suggestions-before';

const spec = (name: string) =>
  parseTools('openapi', fs.readFileSync(path.join(__dirname, '../../fixtures/tools/labelled', name), 'utf8')).tools;

/**
 * The edges a person would draw on each spec, labelled by hand: a result field that is the key of
 * an entity feeds each parameter that is that entity's key (unless the tool was given it: an
 * echo), a field whose name says what a parameter takes feeds it, and a parameter several tools
 * take to mean one thing is one shared group. `from.path->to.param`; groups as `param: tools`.
 */
const LABELLED: Record<string, { dependencies: string[]; groups: string[] }> = {
  'oncall-sre.openapi.yaml': {
    dependencies: [
      ...['get_service', 'list_alerts', 'get_deploy_history', 'rollback_deploy', 'create_incident'].map(
        (t) => `list_services.services[].name->${t}.service`,
      ),
      'list_alerts.alerts[].alert_id->get_alert.alert_id',
      'list_alerts.alerts[].alert_id->acknowledge_alert.alert_id',
      'list_alerts.alerts[].alert_id->create_incident.alert_ids',
      ...['get_service', 'get_deploy_history', 'rollback_deploy', 'create_incident'].map(
        (t) => `list_alerts.alerts[].service->${t}.service`,
      ),
      ...['get_service', 'list_alerts', 'get_deploy_history', 'rollback_deploy', 'create_incident'].map(
        (t) => `get_alert.service->${t}.service`,
      ),
      'get_deploy_history.deploys[].version->rollback_deploy.to_version',
      'rollback_deploy.rollback_id->get_rollback_status.rollback_id',
      'create_incident.incident_id->page_oncall.incident_id',
      'get_service.owner_team->page_oncall.team',
      'get_service.owner_team->get_oncall_schedule.team',
      'list_services.services[].owner_team->page_oncall.team',
      'list_services.services[].owner_team->get_oncall_schedule.team',
    ],
    groups: [
      'service: get_service, list_alerts, get_deploy_history, rollback_deploy, create_incident',
      'alert_id: get_alert, acknowledge_alert',
      'team: page_oncall, get_oncall_schedule',
    ],
  },
  'pet-clinic.openapi.yaml': {
    dependencies: [
      ...['get_pet', 'update_pet', 'delete_pet', 'place_order'].flatMap((t) => [
        `list_pets.pets[].id->${t}.pet_id`,
        `create_pet.id->${t}.pet_id`,
        `get_order.pet_id->${t}.pet_id`,
      ]),
      ...['list_pets.pets[].owner_id', 'create_pet.owner_id', 'get_pet.owner_id', 'update_pet.owner_id'].map(
        (from) => `${from}->get_owner.owner_id`,
      ),
      'place_order.id->get_order.order_id',
      'place_order.id->cancel_order.order_id',
    ],
    groups: ['pet_id: get_pet, update_pet, delete_pet, place_order', 'order_id: get_order, cancel_order'],
  },
  'calendar-mail.openapi.yaml': {
    dependencies: [
      ...['list_events', 'create_event', 'get_event'].map(
        (t) => `list_calendars.calendars[].calendar_id->${t}.calendar_id`,
      ),
      'list_events.events[].event_id->get_event.event_id',
      'create_event.event_id->get_event.event_id',
      'find_free_slots.slots[].start->create_event.start',
      'find_free_slots.slots[].end->create_event.end',
      'get_event.attendees[].email->find_free_slots.emails',
      'get_event.attendees[].email->create_event.attendee_emails',
      'search_contacts.contacts[].email->send_message.to',
      'search_contacts.contacts[].email->find_free_slots.emails',
      'search_contacts.contacts[].email->create_event.attendee_emails',
      'list_threads.threads[].thread_id->get_thread.thread_id',
      'list_threads.threads[].thread_id->send_message.thread_id',
      'send_message.thread_id->get_thread.thread_id',
      'reply_to_message.thread_id->get_thread.thread_id',
      'get_thread.messages[].message_id->reply_to_message.message_id',
    ],
    groups: ['calendar_id: list_events, create_event, get_event', 'thread_id: get_thread, send_message'],
  },
};

type Score = { suggested: number; right: number; found: number; gold: number };

const groupOf = (label: string) => {
  const [param, tools] = label.split(': ');
  return { param: param!, tools: new Set(tools!.split(', ')) };
};
const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));

/** Suggestions as `from->to` (dependencies) and `param` with its tools (shared, a pair or a group). */
type Proposal = { dependency: string } | { param: string; tools: Set<string>; pair: boolean };

function score(proposals: Proposal[], labels: { dependencies: string[]; groups: string[] }): Score {
  const gold = new Set(labels.dependencies);
  const groups = labels.groups.map(groupOf);
  const foundGroups = new Set<number>();
  const foundDeps = new Set<string>();
  let right = 0;
  for (const p of proposals) {
    if ('dependency' in p) {
      if (gold.has(p.dependency)) {
        right++;
        foundDeps.add(p.dependency);
      }
      continue;
    }
    // A pair is right when both its tools are in one labelled group; a group when it is that group.
    const match = groups.findIndex(
      (g) => g.param === p.param && (p.pair ? [...p.tools].every((t) => g.tools.has(t)) : sameSet(g.tools, p.tools)),
    );
    if (match >= 0) {
      right++;
      foundGroups.add(match);
    }
  }
  return {
    suggested: proposals.length,
    right,
    found: foundDeps.size + foundGroups.size,
    gold: gold.size + groups.length,
  };
}

const fmt = (s: Score) =>
  `P ${(s.right / Math.max(1, s.suggested)).toFixed(2)}  R ${(s.found / s.gold).toFixed(2)}  (${s.right}/${s.suggested} right, ${s.found}/${s.gold} found)`;

describe('edge suggestions on labelled specs', () => {
  const rows = Object.entries(LABELLED).map(([file, labels]) => {
    const tools = spec(file);
    const graph = { tools, edges: [] };
    const before = suggestEdgesBefore(graph).map((s): Proposal =>
      s.edge.kind === 'dependency'
        ? { dependency: `${s.edge.fromTool}.${s.edge.fromPath}->${s.edge.toTool}.${s.edge.toParam}` }
        : { param: s.edge.paramA, tools: new Set([s.edge.toolA, s.edge.toolB]), pair: true },
    );
    const suggestions = suggestEdges(graph);
    const after = suggestions.map((s): Proposal =>
      s.edge.kind === 'dependency'
        ? { dependency: `${s.edge.fromTool}.${s.edge.fromPath}->${s.edge.toTool}.${s.edge.toParam}` }
        : { param: s.edge.paramA, tools: new Set(s.members!.map((m) => m.tool)), pair: false },
    );
    return { file, operations: tools.length, before: score(before, labels), after: score(after, labels), suggestions };
  });
  const total = (which: 'before' | 'after') =>
    rows.reduce(
      (sum, r) => ({
        suggested: sum.suggested + r[which].suggested,
        right: sum.right + r[which].right,
        found: sum.found + r[which].found,
        gold: sum.gold + r[which].gold,
      }),
      { suggested: 0, right: 0, found: 0, gold: 0 },
    );

  it('prints precision and recall before and after ranking by evidence', () => {
    const table = [
      '| spec | ops | before | after |',
      '| --- | --- | --- | --- |',
      ...rows.map((r) => `| ${r.file} | ${r.operations} | ${fmt(r.before)} | ${fmt(r.after)} |`),
      `| all | ${rows.reduce((n, r) => n + r.operations, 0)} | ${fmt(total('before'))} | ${fmt(total('after'))} |`,
    ].join('\n');
    console.log(table);
    const after = total('after');
    expect(after.right / after.suggested).toBeGreaterThanOrEqual(0.8);
    const before = total('before');
    expect(after.found / after.gold).toBeGreaterThan(before.found / before.gold);
    for (const row of rows) expect(row.after.right / row.after.suggested).toBeGreaterThanOrEqual(0.7);
  });

  it("puts the on-call rollback first among the deploy history's suggestions, and proposes service once as a group", () => {
    const sre = rows.find((r) => r.file.startsWith('oncall'))!.suggestions;
    const fromHistory = sre.filter((s) => s.edge.kind === 'dependency' && s.edge.fromTool === 'get_deploy_history');
    expect(fromHistory.map((s) => s.key)).toEqual([
      'dep:get_deploy_history.deploys[].version->rollback_deploy.to_version',
    ]);
    expect(sre.filter((s) => s.kind === 'shared' && s.members?.[0]?.param === 'service')).toHaveLength(1);
    expect(
      sre.some((s) =>
        / returns a list of deploys; one deploy's version fills rollback_deploy\.to_version/.test(s.reason),
      ),
    ).toBe(true);
  });
});
