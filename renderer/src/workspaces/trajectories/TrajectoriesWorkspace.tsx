import { api } from '../../api/api';
import { useQuery } from '../../api/use-query';
import { CheckAll } from './CheckAll';
import { ImportForm } from './ImportForm';

/** Trajectories of the workspace; the browser and inspector grow here. */
export function TrajectoriesWorkspace() {
  const list = useQuery(() => api.invoke('trajectories.list', { limit: 200, offset: 0 }), []);
  return (
    <section className="page" aria-label="Trajectories">
      <h1>Trajectories</h1>
      <ImportForm onImported={list.reload} />
      <CheckAll onChecked={list.reload} />
      {list.error && <p className="error">{list.error.message}</p>}
      <table>
        <thead>
          <tr>
            <th>Title</th>
            <th>Kind</th>
            <th>Source</th>
            <th>Turns</th>
            <th>Findings</th>
            <th>Created</th>
          </tr>
        </thead>
        <tbody>
          {list.data?.items.map((t) => (
            <tr key={t.id}>
              <td>{t.title}</td>
              <td>{t.kind}</td>
              <td>{t.source}</td>
              <td>{t.turnCount}</td>
              <td>{t.findingCount}</td>
              <td>{new Date(t.createdAt).toLocaleString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {list.data && <p className="muted">{list.data.total} trajectories in this workspace.</p>}
    </section>
  );
}
