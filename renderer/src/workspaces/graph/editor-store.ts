import { createStoreApi, type StoreApi } from '../../state/create-store';
import type { Environment, Position, Tool, ToolGraph } from '../../../../shared/domain';
import {
  addEdge,
  copyTools,
  moveTools,
  pasteTools,
  record,
  redo,
  removeEdges,
  removeTools,
  startHistory,
  undo,
  mergeGraphContent,
  updateTool,
  type GraphContent,
  type History,
} from '../../../../shared/graph';
import type { GraphProblem } from '../../../../shared/checks/graph';
import type { GraphEdge } from '../../../../shared/domain';
import { canonicalJson } from '../../../../shared/json';

interface EditorData {
  graphId: string;
  history: History<GraphContent>;
  dismissed: string[];
  /** Selected tools, by name. */
  selection: string[];
  /** Problems of the present content, from the backend's checks. */
  problems: GraphProblem[];
  /** Bumped by edits that should be saved; the autosave compares it with what it saved. */
  revision: number;
  /** The content as the workspace file last had it (loaded, saved, or changed elsewhere). */
  stored: GraphContent;
  /** When the workspace file got `stored`: the base of the next save. */
  storedAt: string;
}

interface EditorActions {
  undo(): void;
  redo(): void;
  select(names: string[]): void;
  /** Adds tools at `at` (a spot the user sees), else in a column right of everything. */
  addTools(tools: Tool[], edges?: GraphEdge[], at?: Tool['position']): void;
  updateTool(name: string, next: Tool): void;
  /** New versions of several tools (same names: runtimes, schemas) as one undoable edit. */
  updateTools(next: Tool[]): void;
  removeTools(names: string[]): void;
  removeEdges(indexes: number[]): void;
  moveTools(positions: Map<string, Position>): void;
  /** Draws edges as one step (a shared group's several at once, undone together). */
  connect(...edges: GraphEdge[]): void;
  paste(clip: GraphContent): void;
  copySelection(): GraphContent | null;
  dismissSuggestion(key: string): void;
  /** Gives the graph its environment, changes it, or (null) takes it away: one undoable edit. */
  setEnvironment(environment: Environment | null): void;
  setProblems(problems: GraphProblem[]): void;
  /** The autosave wrote `content`: it is what the workspace holds now. */
  markStored(content: GraphContent, updatedAt: string): void;
  /**
   * The graph was saved elsewhere (Trajectories' replay runtimes, the command line): its
   * changes are merged into the editor's as one undoable step, the editor's own edits kept;
   * returns the parts both changed (the editor's version kept).
   */
  mergeStored(theirs: GraphContent, updatedAt: string): string[];
}

export type EditorState = EditorData & EditorActions;
export type EditorStore = StoreApi<EditorState>;

const PASTE_OFFSET = { x: 40, y: 40 };
const NEW_TOOL_GAP = 60;

/** Where new tools go: a column right of everything on the canvas. */
function placeBeside(content: GraphContent, tools: Tool[]): Tool[] {
  const right = content.tools.reduce((max, t) => Math.max(max, t.position.x + 280), 0);
  const top = content.tools.reduce((min, t) => Math.min(min, t.position.y), Infinity);
  const y0 = Number.isFinite(top) ? top : 0;
  const perColumn = Math.max(1, Math.ceil(Math.sqrt(tools.length)));
  return tools.map((tool, i) => ({
    ...tool,
    position: { x: right + NEW_TOOL_GAP + Math.floor(i / perColumn) * 300, y: y0 + (i % perColumn) * 200 },
  }));
}

/** What the editor edits of a graph: its tools, edges and environment (null when it has none). */
export const graphContentOf = (graph: ToolGraph): GraphContent => ({
  tools: graph.tools,
  edges: graph.edges,
  environment: graph.environment ?? null,
});

/** One editor per open graph: its undo history, selection and problems. */
export function createEditorStore(graph: ToolGraph): EditorStore {
  return createStoreApi<EditorState>((set, get) => {
    const edit = (next: (content: GraphContent) => GraphContent, selection?: string[]) =>
      set((state) => {
        const content = next(state.history.present);
        if (content === state.history.present) return state;
        return {
          history: record(state.history, content),
          revision: state.revision + 1,
          ...(selection ? { selection } : {}),
        };
      });
    return {
      graphId: graph.id,
      history: startHistory(graphContentOf(graph)),
      stored: graphContentOf(graph),
      storedAt: graph.updatedAt,
      dismissed: graph.dismissedSuggestions,
      selection: [],
      problems: [],
      revision: 0,
      undo: () => set((s) => (s.history.past.length ? { history: undo(s.history), revision: s.revision + 1 } : s)),
      redo: () => set((s) => (s.history.future.length ? { history: redo(s.history), revision: s.revision + 1 } : s)),
      select: (selection) => set({ selection }),
      addTools: (tools, edges = [], at) => {
        const placed = at
          ? tools.map((tool, i) => ({
              ...tool,
              position: { x: at.x + i * PASTE_OFFSET.x, y: at.y + i * PASTE_OFFSET.y },
            }))
          : placeBeside(get().history.present, tools);
        let names: string[] = [];
        edit((content) => {
          const pasted = pasteTools(content, { tools: placed, edges }, { x: 0, y: 0 });
          names = pasted.names;
          return pasted.graph;
        });
        set({ selection: names });
      },
      updateTool: (name, next) =>
        edit(
          (content) => updateTool(content, name, next),
          get().selection.map((n) => (n === name ? next.name : n)),
        ),
      updateTools: (next) => edit((content) => next.reduce((c, tool) => updateTool(c, tool.name, tool), content)),
      removeTools: (names) => edit((content) => removeTools(content, names), []),
      removeEdges: (indexes) => edit((content) => removeEdges(content, indexes)),
      moveTools: (positions) => edit((content) => moveTools(content, positions)),
      connect: (...edges) => edit((content) => edges.reduce(addEdge, content)),
      paste: (clip) => {
        let names: string[] = [];
        edit((content) => {
          const pasted = pasteTools(content, clip, PASTE_OFFSET);
          names = pasted.names;
          return pasted.graph;
        });
        set({ selection: names });
      },
      copySelection: () => {
        const { selection, history } = get();
        return selection.length ? copyTools(history.present, selection) : null;
      },
      setEnvironment: (environment) =>
        edit((content) =>
          canonicalJson(content.environment ?? null) === canonicalJson(environment)
            ? content
            : { ...content, environment },
        ),
      dismissSuggestion: (key) => set((s) => ({ dismissed: [...s.dismissed, key], revision: s.revision + 1 })),
      // The same problems again (a move, a layout) keep their identity: every node and edge of the
      // canvas would otherwise be rebuilt for nothing.
      setProblems: (problems) =>
        set((state) => (JSON.stringify(state.problems) === JSON.stringify(problems) ? state : { problems })),
      markStored: (stored, storedAt) => set({ stored, storedAt }),
      mergeStored: (theirs, storedAt) => {
        const { history, stored, revision } = get();
        const mine = history.present;
        const { content, conflicts } = mergeGraphContent(stored, mine, theirs);
        const unchangedHere = canonicalJson(content) === canonicalJson(mine);
        // What differs from theirs is the editor's own, still to be saved on top.
        const ahead = canonicalJson(content) !== canonicalJson(theirs);
        set({
          stored: theirs,
          storedAt,
          ...(unchangedHere ? {} : { history: record(history, content) }),
          ...(ahead ? { revision: revision + 1 } : {}),
        });
        return conflicts;
      },
    };
  });
}
