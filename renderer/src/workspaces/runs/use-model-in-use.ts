import { api } from '../../api/api';
import { useQuery } from '../../api/use-query';

/**
 * The model that would generate here, as the user knows it (a file's name, or the server's
 * model): undefined until known, null when there is none. Read when `wanted` turns on, so a model
 * loaded in Models since is seen (a workspace is mounted afresh each time it is opened).
 */
export function useModelInUse(wanted = true): string | null | undefined {
  const status = useQuery(wanted ? () => api.invoke('models.status', {}) : null, [wanted]);
  const data = status.data;
  if (!wanted || !data) return undefined;
  if (data.remote) return `the server’s ${data.remote.model}`;
  return data.loaded ? data.loaded.path.split(/[\\/]/).pop()! : null;
}
