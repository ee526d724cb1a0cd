import { countOf } from '../../../../shared/text';
import { useState } from 'react';
import type { Result } from '../../../../shared/contract';
import { api } from '../../api/api';
import { useAction } from '../../api/use-action';
import { ErrorNote } from '../../components/ErrorNote';

/** The trajectory as the training stack would see it: the loaded GGUF's chat template, with its token count. */
export function TemplatePreview({ trajectoryId }: { trajectoryId: string }) {
  const [preview, setPreview] = useState<Result<'datasets.preview'> | null>(null);
  const action = useAction();
  return (
    <details
      className="template-preview"
      onToggle={(e) => {
        if ((e.target as HTMLDetailsElement).open && !preview)
          void action.run(async () => setPreview(await api.invoke('datasets.preview', { trajectoryId })));
      }}
    >
      <summary>Chat-template preview{preview ? ` — ${countOf(preview.tokens, 'token')}` : ''}</summary>
      <ErrorNote message={action.error} />
      {preview && <pre data-testid="template-preview">{preview.text}</pre>}
    </details>
  );
}
