import { FolderOpen } from 'lucide-react';
import { useRef, useState, type Ref } from 'react';
import { api } from '../api/api';
import { FileBrowser } from './FileBrowser';

interface Props {
  /** The field's accessible name ("Trajectory file"). */
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  /** A file to read, or a folder to write into. */
  mode: 'file' | 'folder';
  /** The file kinds offered (`jsonl`, `gz`…), for a file. */
  extensions?: string[];
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A path on the backend's machine: typed, or chosen with Browse… — the desktop app's own dialog
 * for a file, and elsewhere (the web host, a folder) the file browser over the home and workspace
 * folders.
 */
export function PathField({ label, value, onChange, placeholder, mode, extensions = [], inputRef }: Props) {
  const [browsing, setBrowsing] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Closed either way, the focus goes back to Browse…, as from a native dialog.
  const done = (path: string | null) => {
    setBrowsing(false);
    if (path !== null) onChange(path);
    button.current?.focus();
  };
  const browse = async () => {
    if (mode === 'file' && extensions.length) {
      const native = await api.invoke('system.pickFile', { title: label, extensions });
      if (native.supported) {
        if (native.path) onChange(native.path);
        return;
      }
    }
    setBrowsing(true);
  };
  return (
    <span className="path-field">
      <input
        ref={inputRef}
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <button ref={button} type="button" title={`Choose the ${label.toLowerCase()}`} onClick={() => void browse()}>
        <FolderOpen size={14} aria-hidden />
        Browse…
      </button>
      {browsing && (
        <FileBrowser
          title={`Choose the ${label.toLowerCase()}`}
          mode={mode}
          extensions={extensions}
          start={value}
          onPick={done}
          onClose={() => done(null)}
        />
      )}
    </span>
  );
}
