import { useEffect } from 'react';
import { api } from '../../api/api';
import { useQuery } from '../../api/use-query';
import { Workbench } from '../../components/Workbench';
import { useShallow } from '../../state/create-store';
import { BinaryPanel } from './BinaryPanel';
import { DiscoveredModels } from './DiscoveredModels';
import { LoadModel } from './LoadModel';
import { ModelInUse } from './ModelInUse';
import { NoModelGuide } from './NoModelGuide';
import { Playground } from './Playground';
import { RemoteServerForm } from './RemoteServerForm';
import { useModels, type ModelsState } from './state';
import './models.css';

/** What the workspace reads from its store (one shallow-compared slice). */
const selector = (s: ModelsState) => ({
  path: s.path,
  setPath: s.setPath,
  settings: s.settings,
  setSettings: s.setSettings,
  details: s.details,
  setDetails: s.setDetails,
});

/**
 * Models workspace, in the layout of the others: the GGUFs found on this machine (side bar), the
 * model in use with what to load and how, the remote server and the playground (editor area),
 * and the llama.cpp binding that runs it (side panel). Over 80 lines for its three panes'
 * declarations (names, sizes, content), kept in one place so they read left to right as on screen.
 */
export function ModelsWorkspace() {
  const status = useQuery(() => api.invoke('models.status', {}), []);
  const { path, setPath, settings, setSettings, details, setDetails } = useModels(useShallow(selector));

  // What was typed here stays (store); the first time, the last model used and its settings come
  // back, otherwise this machine's defaults.
  useEffect(() => {
    if (!status.data || settings) return;
    setSettings(() => status.data!.last?.settings ?? status.data!.defaults);
    if (!useModels.getState().path) setPath(status.data.last?.path ?? '');
  }, [status.data, settings, setSettings, setPath]);

  const loaded = status.data?.loaded ?? null;
  // Nothing to generate with yet: the guide comes first, what to load and how after it.
  const none = status.data !== undefined && !loaded && !status.data.remote;
  const pick = (picked: string) => {
    setPath(picked);
    document.querySelector<HTMLInputElement>('[aria-label="Model path"]')?.focus();
  };
  const reload = () => void status.reload();

  return (
    <Workbench
      id="models"
      className="models-workspace"
      label="Models"
      side={{
        id: 'models-found',
        title: 'On this machine',
        label: 'On this machine',
        defaultSize: 340,
        minSize: 240,
        maxSize: '40%',
        collapsible: true,
        children: (
          <div className="panel-body">
            <DiscoveredModels onPick={pick} />
          </div>
        ),
      }}
      main={{
        id: 'models-main',
        title: 'Models',
        label: 'Models',
        minSize: 420,
        children: (
          <div className="panel-body models">
            <p className="muted">
              A local GGUF model runs in a separate helper process: a crash there never touches your workspace.
            </p>
            {none && <NoModelGuide />}
            <ModelInUse status={status.data} />
            <LoadModel
              status={status.data}
              path={path}
              setPath={setPath}
              details={details}
              setDetails={setDetails}
              settings={settings}
              setSettings={setSettings}
              onChange={reload}
            />
            {status.data && <RemoteServerForm remote={status.data.remote} onChange={status.reload} />}
            {/* Another model is another conversation: its Playground starts with no output (the prompt stays). */}
            {(loaded || status.data?.remote) && (
              <Playground key={status.data?.remote ? `remote:${status.data.remote.model}` : (loaded?.path ?? '')} />
            )}
          </div>
        ),
      }}
      detail={{
        id: 'models-binary',
        title: 'llama.cpp binding',
        label: 'llama.cpp binding',
        defaultSize: 360,
        minSize: 260,
        maxSize: '40%',
        collapsible: true,
        children: (
          <div className="panel-body">
            {status.data && (
              <BinaryPanel
                binary={status.data.binary}
                native={status.data.native}
                autoBuild={status.data.autoBuild}
                onChange={status.reload}
              />
            )}
          </div>
        ),
      }}
    />
  );
}
