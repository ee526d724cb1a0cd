import type { TrajectoryChecker } from '../checks/checker';
import type { Finding } from '../../shared/domain';
import { importTrajectoryFile } from './import-file';
import type { BackendContext } from '../context';
import type { HandlerMap } from '../registry';

const CHECK_BATCH = 250;

export function trajectoriesHandlers(ctx: BackendContext): HandlerMap {
  const { store, events } = ctx;
  /** Imports in progress, by id, so the user can cancel them. */
  const running = new Map<string, AbortController>();
  /** Checks one trajectory and stores its findings. */
  const check = (id: string, checker: TrajectoryChecker) => {
    const findings = checker(store.trajectories.get(id));
    store.trajectories.replaceFindings(id, findings);
    return findings;
  };
  return {
    'trajectories.check': ({ id }) => check(id, ctx.checker()),
    'trajectories.checkAll': async ({ listFindings }) => {
      const checker = ctx.checker();
      const byKind: Record<string, number> = {};
      const listed: (Finding & { trajectoryId: string; source: string })[] = [];
      let withFindings = 0;
      const ids = store.trajectories.allIds();
      for (let at = 0; at < ids.length; at += CHECK_BATCH) {
        // One transaction per batch, then a pause for other requests and a progress event:
        // checking 100,000 trajectories must not freeze the UI.
        store.db.transaction(() => {
          for (const { id, source } of ids.slice(at, at + CHECK_BATCH)) {
            const findings = check(id, checker);
            if (findings.length) withFindings++;
            for (const f of findings) byKind[f.kind] = (byKind[f.kind] ?? 0) + 1;
            if (listFindings) listed.push(...findings.map((f) => ({ ...f, trajectoryId: id, source })));
          }
        })();
        events.emit('trajectories.checkProgress', { done: Math.min(ids.length, at + CHECK_BATCH), total: ids.length });
        await new Promise((resolve) => setImmediate(resolve));
      }
      return { checked: ids.length, withFindings, byKind, ...(listFindings ? { findings: listed } : {}) };
    },
    'trajectories.import': async ({ path, format, mode, graphId, newGraphName }) => {
      const controller = new AbortController();
      let importId: string | null = null;
      try {
        const report = await importTrajectoryFile(store, {
          file: path,
          mode,
          graphId,
          signal: controller.signal,
          ...(format ? { format } : {}),
          ...(newGraphName ? { newGraphName } : {}),
          onProgress: (progress) => {
            if (!importId) running.set((importId = progress.importId), controller);
            events.emit('trajectories.importProgress', progress);
          },
        });
        if (report.tools)
          events.emit('graphs.changed', {
            graphId: report.tools.graphId,
            reason: newGraphName ? 'created' : 'updated',
          });
        return report;
      } finally {
        if (importId) running.delete(importId);
      }
    },
    'trajectories.cancelImport': ({ importId }) => {
      const controller = running.get(importId);
      controller?.abort();
      return { cancelled: Boolean(controller) };
    },
    'trajectories.list': ({ filter, limit, offset }) => store.trajectoryQueries.list(filter, limit, offset),
    'trajectories.facets': () => store.trajectoryQueries.facets(),
    'trajectories.summarize': ({ filter }) => store.trajectoryQueries.summarize(filter),
    'trajectories.findings': ({ id }) => store.trajectories.findings(id),
    'trajectories.get': ({ id }) => store.trajectories.get(id),
    'trajectories.editTurn': ({ id, turnIndex, turn }) => {
      store.trajectories.editTurn(id, turnIndex, turn);
      return { ok: true as const };
    },
    'trajectories.checkTurn': ({ id, turnIndex, turn }) => {
      const t = store.trajectories.get(id);
      const turns = t.turns.map((x, i) => (i === turnIndex ? turn : x));
      return ctx
        .checker()({ ...t, turns })
        .filter((f) => f.turnIndex === turnIndex);
    },
    'trajectories.revertTurn': ({ id, turnIndex }) => {
      store.trajectories.revertTurn(id, turnIndex);
      return { ok: true as const };
    },
    'trajectories.edits': ({ id }) => store.trajectories.edits(id),
  };
}
