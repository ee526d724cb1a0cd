import type { ComponentType } from 'react';
import type { Tool } from '../../../../../../../shared/domain';
import type { RuntimeKind, RuntimeOf } from '../../../../../../../shared/runtimes';

/** What a kind's editor gets: the tool, its runtime as on screen, and where edits go (saved when typing pauses). */
export interface EditorProps<K extends RuntimeKind> {
  tool: Tool;
  runtime: RuntimeOf<K>;
  onChange(next: RuntimeOf<K>): void;
}

/** How several selected tools get one runtime of a kind: the picker's option, its one field, the runtime each tool gets. */
export interface SelectionChoice<K extends RuntimeKind> {
  label: string;
  field?: { label: string; placeholder?: string };
  /** The runtime for one tool from what the field says; null while the field says nothing usable. */
  runtimeFor(tool: Tool, text: string): RuntimeOf<K> | null;
}

/** The inspector's part of one runtime kind. */
export interface RuntimeEditor<K extends RuntimeKind> {
  Editor: ComponentType<EditorProps<K>>;
  /** Chosen by opening this dialog rather than from a template (a replay is made from trajectories). */
  opensDialog?: 'replay';
  /** How a selection of tools gets this kind at once; absent for kinds set per tool only. */
  forSelection?: SelectionChoice<K>;
}
