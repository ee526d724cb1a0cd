import fs from 'node:fs';
import { TrellisError } from '../../shared/errors';
import { isObject } from '../../shared/json';
import { previewMapping, proposeMapping, proposeOverlay, type TrajectoryMapping } from '../../shared/formats/mapping';
import { detectFormat, formatDescriptor } from '../../shared/formats/trajectories/registry';
import type { BackendContext } from '../context';
import type { HandlerMap } from '../registry';
import type { WorkspaceStore } from '../store/workspace-store';
import { noFileAt } from '../files/input-file';
import { writeMappingFile } from './mapping-file';
import { sampleRecords, type RecordSample } from './sample-records';

/** A mapping given by name (saved in the workspace) or written out (already checked by the contract). */
export function resolveMapping(store: WorkspaceStore, ref: string | TrajectoryMapping): TrajectoryMapping {
  return typeof ref === 'string' ? store.mappings.get(ref) : ref;
}

/**
 * Reads a file's first records for proposals and previews, keeping the last file's while it is
 * unchanged: the preview asks again at every edit, and one JSON document is parsed whole to get them.
 */
function sampler() {
  let last: { file: string; size: number; mtimeMs: number; sample: RecordSample } | null = null;
  return async (file: string) => {
    try {
      const { size, mtimeMs } = fs.statSync(file);
      if (!last || last.file !== file || last.size !== size || last.mtimeMs !== mtimeMs)
        last = { file, size, mtimeMs, sample: await sampleRecords(file) };
      const { sample } = last;
      return { sample, summary: { shape: sample.shape, records: sample.values.length, problems: sample.problems } };
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') throw noFileAt(file);
      throw error;
    }
  };
}

export function mappingsHandlers({ store }: BackendContext): HandlerMap<'mappings'> {
  const sampleOf = sampler();
  return {
    'mappings.propose': async ({ path, name }) => {
      const { sample, summary } = await sampleOf(path);
      const first = sample.values.find(isObject);
      const claimed = first ? detectFormat(first) : null;
      // A file a reader claims keeps the reader's turns: the mapping proposed only adds to them.
      return {
        sample: summary,
        ...proposeMapping(sample.values, name),
        ...(claimed ? proposeOverlay(sample.values.filter(isObject), name) : {}),
        claimedBy: claimed ? formatDescriptor(claimed).label : null,
      };
    },
    'mappings.preview': async ({ path, mapping, limit }) => {
      const { sample, summary } = await sampleOf(path);
      return { ...previewMapping(resolveMapping(store, mapping), sample.values, limit), sample: summary };
    },
    'mappings.list': () => store.mappings.list(),
    'mappings.save': ({ mapping }) => {
      store.mappings.save(mapping);
      return { name: mapping.name };
    },
    'mappings.export': ({ mapping, path, replace }) => {
      writeMappingFile(path, resolveMapping(store, mapping), replace);
      return { path };
    },
    'mappings.delete': ({ name }) => {
      if (!store.mappings.delete(name)) throw new TrellisError('E3001', `No mapping named "${name}" to delete.`);
      return { deleted: true };
    },
  };
}
