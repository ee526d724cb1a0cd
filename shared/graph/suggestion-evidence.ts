import type { Tool } from '../domain';
import { isObject } from '../json';
import { listOfElementPath, parseFieldPath } from './field-paths';
import { singular } from './field-names';
import type { SchemaField } from './fields';

/** One reason to draw an edge, with how much it counts (scores add up to at most 1). */
export interface Evidence {
  score: number;
  why: string;
}

/** Keys that name the entity they sit in: `pets[].id` is a pet's id, `services[].name` a service's. */
export const KEY_NAMES = new Set(['id', 'key', 'name', 'slug', 'uid', 'uuid']);

/** Words too common to say what a value is on their own (`owner_id` → `id` says nothing). */
export const GENERIC_WORDS = new Set([
  ...KEY_NAMES,
  ...['at', 'type', 'status', 'time', 'count', 'value', 'data', 'url', 'limit', 'query'],
  ...['title', 'summary', 'description', 'note', 'body', 'message', 'reason', 'text', 'subject'],
]);

/** Names compared in one spelling: `petId` and `pet-id` are `pet_id`. */
export const snakeCase = (name: string): string =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[-\s]+/g, '_')
    .toLowerCase();

/** A field path's last key, in snake case. */
export const lastKey = (path: string): string => snakeCase(shownKey(path));

/** A path's last key as the schema spells it (`incidentId`), for what a person reads. */
export const shownKey = (path: string): string => {
  const keys = (parseFieldPath(path) ?? []).flatMap((s) => (s.kind === 'key' ? [s.key] : []));
  return keys.at(-1) ?? path;
};

/** "a deploy", "an incident": the article a word takes in a reason. */
export const withArticle = (word: string): string => `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;

/** The entity a tool is about, from its name's last word: `place_order` → order, `list_pets` → pet, `getPetById` → pet. */
export const toolEntity = (tool: string): string =>
  singular(
    snakeCase(tool)
      .replace(/_by_.*$/, '')
      .split('_')
      .at(-1)!,
  );

/** Keys that only hold a result (`result` is what an importer calls a bare list), naming no entity. */
const CONTAINERS = new Set(['result', 'results', 'data', 'items', 'body', 'response', 'records', 'entries', 'list']);

/**
 * The entity a result field belongs to: the object or list holding it (`services[].name` →
 * service, `result[].category.id` → category), else the tool's (`get_alert`'s `service` → alert).
 */
export function fieldEntity(tool: string, path: string): string {
  const keys = (parseFieldPath(path) ?? []).flatMap((s) => (s.kind === 'key' ? [snakeCase(s.key)] : []));
  const holder = keys
    .slice(0, -1)
    .reverse()
    .find((k) => !CONTAINERS.has(k));
  return holder ? singular(holder) : toolEntity(tool);
}

/** Whether a parameter name says it identifies something: `alert_id`, `alert_ids`, `service` (an entity's key). */
export function isKeyName(name: string, entities: ReadonlySet<string>): boolean {
  const snake = snakeCase(name);
  return /(^|_)(id|ids|key|uuid|slug)$/.test(snake) || entities.has(snake) || entities.has(singular(snake));
}

/** A tool's parameters that sit in its URL's path (`/alerts/{alert_id}`): always ids of something. */
export function pathParameters(tool: Tool): ReadonlySet<string> {
  let found = pathParametersOf.get(tool);
  if (!found) {
    const url = tool.runtime?.kind === 'http' ? tool.runtime.url : '';
    found = new Set([...url.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!));
    pathParametersOf.set(tool, found);
  }
  return found;
}
const pathParametersOf = new WeakMap<Tool, ReadonlySet<string>>();

/**
 * How a result field's name says it fills a parameter, strongest reading first: the same name,
 * the entity's own key (`alerts[].alert_id`, `pets[].id` → `pet_id`, `services[].name` → `service`),
 * a list of ids (`alerts[].alert_id` → `alert_ids`), or one qualified by the other (`owner_team` →
 * `team`, `deploys[].version` → `to_version`).
 */
export function nameEvidence(
  fromTool: string,
  result: SchemaField,
  param: SchemaField & { tool: string },
  entities: ReadonlySet<string>,
): Evidence | null {
  const key = lastKey(result.path);
  const name = snakeCase(param.path);
  const list = listOfElementPath(result.path);
  const entity = fieldEntity(fromTool, result.path);
  const whose = entity !== toolEntity(fromTool) || list ? `${withArticle(entity)}'s ` : `its `;
  const shown = shownKey(result.path);
  // A bare `id` or `name` is the key of the tool's own entity: a pet's id fills update_pet's id, not place_order's.
  if (key === name && KEY_NAMES.has(name) && entity !== toolEntity(param.tool)) return null;
  if (key === name) {
    // The same name counts for more on an id than on a word every tool has (`status`, `name`).
    const score = isKeyName(name, entities) ? 0.5 : GENERIC_WORDS.has(name) ? 0.3 : 0.4;
    return { score, why: `${whose}${shown} has the name of the parameter` };
  }
  if (KEY_NAMES.has(key) && (name === `${entity}_${key}` || (key === 'name' && name === entity)))
    return { score: 0.55, why: `${whose}${shown} is the ${entity}'s ${key === 'name' ? 'key' : shown}` };
  if (list && param.type === 'array' && name === `${key}s`)
    return { score: 0.5, why: `the ${entity}s give a list of ${shown}s` };
  const tail = (word: string, whole: string) =>
    !GENERIC_WORDS.has(word) && (whole.endsWith(`_${word}`) || whole.startsWith(`${word}_`)) ? word : null;
  const qualified = tail(name, key) ?? tail(key, name);
  if (qualified && qualified.length >= 4)
    return { score: 0.4, why: `${whose}${shown} and ${param.path} both name ${withArticle(qualified)}` };
  return null;
}

/** The description of one top-level parameter, or of the tool. */
export function parameterDescription(tool: Tool, param: string): string {
  const property = isObject(tool.parameters.properties) ? tool.parameters.properties[param] : undefined;
  return isObject(property) && typeof property.description === 'string' ? property.description : '';
}

/** Whether a text names a tool, as `get_deploy_history` or in words ("get deploy history"). */
export function namesTool(text: string, tool: string): boolean {
  if (!text) return false;
  const words = tool.replace(/[_-]+/g, ' ');
  return text.includes(tool) || (words.includes(' ') && text.toLowerCase().includes(words.toLowerCase()));
}

/** Whether the target's text (its parameter's, or its own) names the source operation. */
export function descriptionEvidence(fromTool: string, target: Tool, param: string): Evidence | null {
  const texts = [parameterDescription(target, param), target.description];
  return texts.some((text) => namesTool(text, fromTool))
    ? { score: 0.35, why: `${target.name}'s description names ${fromTool}` }
    : null;
}
