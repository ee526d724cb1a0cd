import { loader } from '@monaco-editor/react';
// First: the editor's contributions and their services must exist before any editor is made.
import './monaco-contributions';
// Only the editor core, the JSON language and JavaScript colouring: the full package would bundle TypeScript, CSS and HTML too.
import * as monaco from 'monaco-editor/editor/editor.api.js';
import EditorWorker from 'monaco-editor/editor/editor.worker.js?worker';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register.js';
import JsonWorker from 'monaco-editor/language/json/json.worker.js?worker';
// JavaScript colouring for mock runtimes (a tokenizer only: no TypeScript worker in the bundle).
import 'monaco-editor/languages/definitions/javascript/register.js';
import draft07 from 'ajv/dist/refs/json-schema-draft-07.json';
import { withValuePlaceholders } from './value-placeholders';

// Monaco from the bundled package, never from a CDN; its workers are bundled too.
self.MonacoEnvironment = {
  getWorker: (_id: string, label: string) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
};

const META_SCHEMA = {
  uri: 'http://json-schema.org/draft-07/schema',
  fileMatch: ['*.schema.json'],
  schema: withValuePlaceholders(draft07),
};
/** Schemas of single editors (a plan step's arguments), by the editor model's URI. */
const modelSchemas = new Map<string, object>();

function applySchemas(): void {
  jsonDefaults.setDiagnosticsOptions({
    validate: true,
    allowComments: false,
    enableSchemaRequest: false,
    schemas: [
      META_SCHEMA,
      ...[...modelSchemas].map(([uri, schema]) => ({
        uri: `${uri}#schema`,
        fileMatch: [uri],
        schema: withValuePlaceholders(schema),
      })),
    ],
  });
}

/**
 * Completion and checks for one editor's text from a JSON Schema (null: none). Models whose
 * URI ends in `.schema.json` are always checked against the JSON Schema meta-schema.
 */
export function setModelSchema(uri: string, schema: object | null): void {
  const before = modelSchemas.get(uri);
  if (schema) modelSchemas.set(uri, schema);
  else modelSchemas.delete(uri);
  if (JSON.stringify(before) !== JSON.stringify(schema ?? undefined)) applySchemas();
}

applySchemas();

loader.config({ monaco });

// React Flow listens to the whole document for Space (pan) and Backspace (delete the selection)
// and skips only what it recognises as text inputs or `.nokey`; Monaco's editing surface is
// neither, so every space typed in an editor beside the canvas was swallowed.
monaco.editor.onDidCreateEditor((editor) => editor.getContainerDomNode().classList.add('nokey'));
monaco.editor.onDidCreateDiffEditor((editor) => editor.getContainerDomNode().classList.add('nokey'));

/**
 * Where every editor draws its completion list, hovers and parameter hints: one node at body
 * level, positioned against the window. Inside the editor they were clipped by the panel around
 * it (the inspector's completion list opened cut off, shifted left under the canvas).
 * `monaco-editor` gives the node the theme's colour variables.
 */
const overflowWidgets = document.createElement('div');
overflowWidgets.className = 'monaco-editor monaco-overflow-widgets';
document.body.appendChild(overflowWidgets);

/** Options every editor gets, code, schema and diff alike: overflow widgets never clipped. */
export const OVERFLOW_OPTIONS = {
  fixedOverflowWidgets: true,
  overflowWidgetsDomNode: overflowWidgets,
} satisfies monaco.editor.IStandaloneEditorConstructionOptions;

/** How Trellis's code and schema editors look: compact, no minimap, sized by their pane. */
export const EDITOR_OPTIONS = {
  minimap: { enabled: false },
  fontSize: 12,
  lineNumbers: 'off',
  scrollBeyondLastLine: false,
  // Editors sit in side panels: long lines wrap instead of a scrollbar that covers the last line.
  wordWrap: 'on',
  tabSize: 2,
  automaticLayout: true,
  ...OVERFLOW_OPTIONS,
} satisfies monaco.editor.IStandaloneEditorConstructionOptions;

/** An editor that is one field of a form: Tab moves on to the next control instead of indenting. */
export const FORM_EDITOR_OPTIONS = {
  ...EDITOR_OPTIONS,
  tabFocusMode: true,
} satisfies monaco.editor.IStandaloneEditorConstructionOptions;

/** Ctrl/Cmd+Enter submits the form the editor is in (Monaco would insert a line). */
export function bindSubmitKey(editor: monaco.editor.IStandaloneCodeEditor, submit: () => void): void {
  editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, submit);
}

/** Ctrl/Cmd+K opens Trellis's command palette inside an editor too (Monaco would start a chord). */
export function bindPaletteKey(editor: monaco.editor.IStandaloneCodeEditor, openPalette: () => void): void {
  editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyK, openPalette);
}

export { monaco };
