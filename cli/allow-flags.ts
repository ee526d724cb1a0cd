import { TrellisError } from '../shared/errors';
import { allowFlag, ConsentKind, type ConsentRequest } from '../shared/runs';
import { CONSENTING_KINDS, RUNTIME_KINDS } from '../shared/runtimes';
import { printableLine } from '../shared/text';
import type { openBackend } from './backend-helpers';
import type { VerbOption } from './verb';

type Backend = ReturnType<typeof openBackend>;
type Grant = { kind: ConsentKind; key: string };

/** How `--allow` spells each kind's key: a runtime kind's as its descriptor says, the model server's URL. */
const FORMS: Record<ConsentKind, string> = {
  ...(Object.fromEntries(CONSENTING_KINDS.map((k) => [k, `${k}:${RUNTIME_KINDS[k].consent.keyForm}`])) as Record<
    (typeof CONSENTING_KINDS)[number],
    string
  >),
  model: 'model:URL',
};

/** `--allow`, for the verbs that may start, call or send to something the user must approve. */
export function allowOption(kinds: readonly ConsentKind[]): VerbOption {
  return {
    type: 'string',
    multiple: true,
    description:
      `Approve, for this workspace, what Trellis asked about (${kinds.map((k) => FORMS[k]).join(', ')}; ` +
      'as the message says it); kept in your own config',
  };
}

/** The `--allow` values given, each `kind:key`; a kind this verb does not use is a usage error. */
export function allowGrants(value: unknown, kinds: readonly ConsentKind[], verb: string): Grant[] {
  return [value ?? []].flat().map((grant) => {
    const text = String(grant);
    const colon = text.indexOf(':');
    const kind = ConsentKind.safeParse(text.slice(0, colon));
    if (colon < 1 || colon === text.length - 1 || !kind.success || !kinds.includes(kind.data))
      throw new TrellisError(
        'E1002',
        `trellis ${verb} --allow takes ${kinds.map((k) => FORMS[k]).join(' or ')}, not "${printableLine(text)}".`,
      );
    return { kind: kind.data, key: text.slice(colon + 1) };
  });
}

/** Approves the workspace's model server when a grant names it (refused, saying why, when it does not match). */
export async function allowModelServer(backend: Backend, grants: readonly Grant[]): Promise<void> {
  for (const grant of grants)
    if (grant.kind === 'model') await backend.registry.invoke('models.allowRemote', { key: grant.key });
}

/** What Trellis asks about, every part of it on its own line, and the flag that approves it. */
export function consentLines(consent: ConsentRequest): string[] {
  return [
    printableLine(consent.message),
    ...consent.details.map((d) => `  ${printableLine(d.label)}: ${printableLine(d.value)}`),
    `Nothing was started or sent. To allow it for this workspace, run again with ${allowFlag(consent)}.`,
  ];
}
