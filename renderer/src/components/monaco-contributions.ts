/**
 * Monaco's editor contributions (suggest, code actions, hover, folding, find, code lens, inlay
 * hints…) with the services they register, loaded before the first editor is made.
 *
 * `editor.api` alone leaves them out; the JSON language's lazily loaded worker manager pulls
 * them in later, after the first editor has fixed its services, so every editor made after it
 * threw "depends on UNKNOWN service ISuggestMemories / actionWidgetService / ICodeLensCache"
 * and had no completion on Ctrl+Space. This is the set Monaco's own worker entry imports (the
 * editor's `editor.all` without the languages), so it stays the same when Monaco is updated.
 */
import 'monaco-editor/internal/common/workers.js';
