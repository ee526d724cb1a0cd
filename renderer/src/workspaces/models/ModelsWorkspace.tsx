import { useEffect, useState } from 'react';
import type { Result } from '../../../../shared/contract';
import type { LoadSettings } from '../../../../shared/contract/models';
import { api } from '../../api/api';
import { useQuery } from '../../api/use-query';
import { PanelHeader, ResizeHandle, SplitLayout, SplitPanel } from '../../components/Panels';
import { BinaryPanel } from './BinaryPanel';
import { DiscoveredModels } from './DiscoveredModels';
import { LoadModel } from './LoadModel';
import { ModelInUse } from './ModelInUse';
import { NoModelGuide } from './NoModelGuide';
import { Playground } from './Playground';
import { RemoteServerForm } from './RemoteServerForm';
import './models.css';

type Inspected = Result<'models.inspect'>;

/**
 * Models workspace, in the layout of the others: the GGUFs found on this machine (side bar), the
 * model in use with what to load and how, the remote server and the playground (editor area),
 * and the llama.cpp binding that runs it (side panel).
 */
export function ModelsWorkspace() {
  const status = useQuery(() => api.invoke('models.status', {}), []);
  const [path, setPath] = useState('');
  const [settings, setSettings] = useState<LoadSettings | null>(null);
  const [details, setDetails] = useState<Inspected | null>(null);

  // The last model used and its settings come back; otherwise this machine's defaults.
  useEffect(() => {
    if (!status.data || settings) return;
    setSettings(status.data.last?.settings ?? status.data.defaults);
    setPath((p) => p || status.data!.last?.path || '');
  }, [status.data, settings]);

  const loaded = status.data?.loaded ?? null;
  // Nothing to generate with yet: the guide comes first, what to load and how after it.
  const none = status.data !== undefined && !loaded && !status.data.remote;
  const pick = (picked: string) => {
    setPath(picked);
    setDetails(null);
    document.querySelector<HTMLInputElement>('[aria-label="Model path"]')?.focus();
  };
  const reload = () => void status.reload();

  return (
    <section className="models-workspace" aria-label="Models">
      <SplitLayout id="models">
        <SplitPanel
          id="models-found"
          defaultSize={340}
          minSize={240}
          maxSize="40%"
          label="On this machine"
          collapsible={{ title: 'On this machine', side: 'start' }}
        >
          <PanelHeader title="On this machine" />
          <div className="panel-body">
            <DiscoveredModels onPick={pick} />
          </div>
        </SplitPanel>
        <ResizeHandle toggles="models-found" />
        <SplitPanel id="models-main" minSize={420} label="Models">
          <PanelHeader title="Models" />
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
        </SplitPanel>
        <ResizeHandle toggles="models-binary" />
        <SplitPanel
          id="models-binary"
          defaultSize={360}
          minSize={260}
          maxSize="40%"
          label="llama.cpp binding"
          collapsible={{ title: 'llama.cpp binding', side: 'end' }}
        >
          <PanelHeader title="llama.cpp binding" />
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
        </SplitPanel>
      </SplitLayout>
    </section>
  );
}
