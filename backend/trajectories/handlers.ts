import type { TrajectoryChecker } from '../checks/checker';
import type { Finding } from '../../shared/domain';
import { importTrajectoryFile } from './import-file';
import { resolveMapping } from './mapping-handlers';
import type { BackendContext } from '../context';
import type { HandlerMap } from '../registry';

const CHECK_BATCH = 250;

export function trajectoriesHandlers(ctx: BackendContext): HandlerMap<'trajectories'> {
  const { store, jobs } = ctx;
  /** Checks one trajectory and stores its findings. */
  const check = (id: string, checker: TrajectoryChecker) => {
    const trajectory = store.trajectories.get(id);
    const findings = checker(trajectory);
    store.findings.replace(id, findings);
    return { findings, basis: checker.basis(trajectory) };
  };
  return {
    'trajectories.check': ({ id }) => check(id, ctx.checker()).findings,
    'trajectories.checkAll': ({ listFindings, jobId }) =>
      jobs.run('trajectories.checkAll', jobId, async (job) => {
        const checker = ctx.checker();
        const byKind: Record<string, number> = {};
        const trajectoriesByKind: Record<string, number> = {};
        let findingCount = 0;
        const against = { graph: 0, ownTools: 0, both: 0, none: 0 };
        const listed: (Finding & { trajectoryId: string; source: string })[] = [];
        let withFindings = 0;
        let checked = 0;
        const ids = store.trajectories.allIds();
        for (let at = 0; at < ids.length && !job.signal.aborted; at += CHECK_BATCH) {
          // One transaction per batch, then a progress event and the job's pause for other
          // requests: checking 100,000 trajectories must not freeze the UI.
          store.transaction(() => {
            for (const { id, source } of ids.slice(at, at + CHECK_BATCH)) {
              const { findings, basis } = check(id, checker);
              against[basis]++;
              checked++;
              if (findings.length) withFindings++;
              findingCount += findings.length;
              for (const f of findings) byKind[f.code] = (byKind[f.code] ?? 0) + 1;
              for (const kind of new Set(findings.map((f) => f.code)))
                trajectoriesByKind[kind] = (trajectoriesByKind[kind] ?? 0) + 1;
              if (listFindings) listed.push(...findings.map((f) => ({ ...f, trajectoryId: id, source })));
            }
          });
          job.progress(checked, ids.length);
          await job.yield(CHECK_BATCH);
        }
        return {
          checked,
          cancelled: job.signal.aborted,
          withFindings,
          against,
          findingCount,
          byKind,
          trajectoriesByKind,
          ...(listFindings ? { findings: listed } : {}),
        };
      }),
    'trajectories.import': ({ path, format, mode, graphId, newGraphName, jobId, mapping }) =>
      jobs.run('trajectories.import', jobId, async (job) => {
        const report = await importTrajectoryFile(store, {
          file: path,
          mode,
          graphId,
          signal: job.signal,
          ...(format ? { format } : {}),
          ...(newGraphName ? { newGraphName } : {}),
          ...(mapping ? { mapping: resolveMapping(store, mapping) } : {}),
          onProgress: ({ bytes, totalBytes, lines, imported, rejected }) =>
            job.progress(bytes, totalBytes, { lines, imported, rejected }),
        });
        return report;
      }),
    'trajectories.list': ({ filter, limit, offset }) => store.trajectoryQueries.list(filter, limit, offset),
    'trajectories.facets': () => store.trajectoryQueries.facets(),
    'trajectories.summarize': ({ filter }) => store.trajectoryQueries.summarize(filter),
    'trajectories.findings': ({ id }) => store.findings.list(id),
    'trajectories.get': ({ id }) => store.trajectories.get(id),
    'trajectories.declaredTools': ({ id }) => {
      // A fork is saved as a run without tools of its own: its calls come from the record it branched from.
      for (let t = store.trajectories.get(id); ; t = store.trajectories.get(t.forkOf.trajectoryId)) {
        if (t.toolSet) return store.toolSets.get(t.toolSet);
        if (!t.forkOf) return null;
      }
    },
    'trajectories.editTurn': ({ id, turnIndex, turn }) => {
      store.turnEdits.edit(id, turnIndex, turn);
      return { ok: true as const };
    },
    'trajectories.checkTurn': ({ id, turnIndex, turn }) => {
      const t = store.trajectories.get(id);
      const turns = t.turns.map((x, i) => (i === turnIndex ? turn : x));
      return ctx
        .checker()({ ...t, turns })
        .filter((f) => f.where.turn === turnIndex);
    },
    'trajectories.revertTurn': ({ id, turnIndex }) => {
      store.turnEdits.revert(id, turnIndex);
      return { ok: true as const };
    },
    'trajectories.edits': ({ id }) => store.turnEdits.list(id),
  };
}
