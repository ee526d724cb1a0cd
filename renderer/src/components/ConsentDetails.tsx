import type { ConsentRequest } from '../../../shared/runs';
import './consent-details.css';

/**
 * Everything a consent covers, one part a row (command, each environment variable, folder;
 * method, URL, host, each header; a model server), as the backend made it printable: what the
 * user approves is what runs.
 */
export function ConsentDetails({ consent }: { consent: ConsentRequest }) {
  if (!consent.details.length) return null;
  return (
    <dl className="consent-details" aria-label="What would run">
      {consent.details.map((d, i) => (
        <div key={i}>
          <dt>{d.label}</dt>
          <dd>
            <code>{d.value}</code>
          </dd>
        </div>
      ))}
    </dl>
  );
}
