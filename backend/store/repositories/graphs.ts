import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import {
  Environment,
  ToolRuntime,
  type GraphEdge,
  type GraphSummary,
  type Tool,
  type ToolGraph,
} from '../../../shared/domain';
import { TrellisError } from '../../../shared/errors';
import type { ChangeLog } from '../change-log';
import { fromJson, nowIso, toJson } from './json';

interface GraphRow {
  id: string;
  name: string;
  updated_at: string;
  dismissed_suggestions: string;
  environment: string | null;
}
interface ToolRow {
  name: string;
  description: string;
  parameters: string;
  returns: string;
  runtime: string | null;
  x: number;
  y: number;
}
interface EdgeRow {
  kind: 'dependency' | 'shared';
  from_tool: string;
  from_field: string;
  to_tool: string;
  to_field: string;
}

export type NewGraph = Omit<ToolGraph, 'id' | 'updatedAt' | 'dismissedSuggestions'> & {
  dismissedSuggestions?: string[];
};
/** What a save replaces; an `environment` left out is kept as it is (null removes it). */
export type GraphContent = Pick<ToolGraph, 'tools' | 'edges' | 'dismissedSuggestions' | 'environment'>;

/**
 * Tool graphs with their tools and edges. Each write is noted in the change log after its
 * statements ran, so an open editor hears of a graph saved by any caller (a handler, an import,
 * the command line's own backend).
 */
export class GraphRepository {
  constructor(
    private readonly db: Database.Database,
    private readonly changes: ChangeLog,
  ) {}

  list(): GraphSummary[] {
    const rows = this.db
      .prepare(
        `SELECT g.id, g.name, g.updated_at,
           (SELECT count(*) FROM tools t WHERE t.graph_id = g.id) AS tool_count,
           (SELECT count(*) FROM edges e WHERE e.graph_id = g.id AND e.kind = 'dependency') AS dep_count,
           (SELECT count(*) FROM edges e WHERE e.graph_id = g.id AND e.kind = 'shared') AS shared_count
         FROM graphs g ORDER BY g.name COLLATE NOCASE`,
      )
      .all() as (GraphRow & { tool_count: number; dep_count: number; shared_count: number })[];
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      toolCount: row.tool_count,
      dependencyEdgeCount: row.dep_count,
      sharedEdgeCount: row.shared_count,
      updatedAt: row.updated_at,
    }));
  }

  summary(id: string): GraphSummary {
    const found = this.list().find((graph) => graph.id === id);
    if (!found) throw graphNotFound(id);
    return found;
  }

  get(id: string): ToolGraph {
    const graph = this.db
      .prepare('SELECT id, name, updated_at, dismissed_suggestions, environment FROM graphs WHERE id = ?')
      .get(id) as GraphRow | undefined;
    if (!graph) throw graphNotFound(id);
    const tools = (this.db.prepare('SELECT * FROM tools WHERE graph_id = ? ORDER BY ord').all(id) as ToolRow[]).map(
      toTool,
    );
    const edges = (this.db.prepare('SELECT * FROM edges WHERE graph_id = ? ORDER BY ord').all(id) as EdgeRow[]).map(
      toEdge,
    );
    const environment = storedEnvironment(graph.environment);
    return {
      id: graph.id,
      name: graph.name,
      tools,
      edges,
      dismissedSuggestions: fromJson<string[]>(graph.dismissed_suggestions) ?? [],
      ...(environment ? { environment } : {}),
      updatedAt: graph.updated_at,
    };
  }

  findByName(name: string): GraphSummary | undefined {
    const row = this.db.prepare('SELECT id FROM graphs WHERE name = ?').get(name) as { id: string } | undefined;
    return row ? this.summary(row.id) : undefined;
  }

  /** Inserts a whole graph in one transaction. */
  create(graph: NewGraph): GraphSummary {
    const id = randomUUID();
    this.db.transaction(() => {
      this.assertNameFree(graph.name);
      const now = nowIso();
      this.db
        .prepare(
          'INSERT INTO graphs (id, name, created_at, updated_at, dismissed_suggestions, environment) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(
          id,
          graph.name,
          now,
          now,
          toJson(graph.dismissedSuggestions ?? []),
          graph.environment ? toJson(graph.environment) : null,
        );
      this.insertContents(id, graph.tools, graph.edges);
    })();
    this.changes.note('graphs', 'created', [id]);
    return this.summary(id);
  }

  rename(id: string, name: string): GraphSummary {
    this.db.transaction(() => {
      this.assertExists(id);
      this.assertNameFree(name, id);
      this.db.prepare('UPDATE graphs SET name = ?, updated_at = ? WHERE id = ?').run(name, nowIso(), id);
    })();
    this.changes.note('graphs', 'updated', [id]);
    return this.summary(id);
  }

  duplicate(id: string, name: string): GraphSummary {
    const source = this.get(id);
    return this.create({
      name,
      tools: source.tools,
      edges: source.edges,
      dismissedSuggestions: source.dismissedSuggestions,
      environment: source.environment ?? null,
    });
  }

  /**
   * Replaces a graph's tools, edges and dismissed suggestions in one transaction; returns when.
   * With `baseUpdatedAt` (when the caller last read the graph), a graph saved elsewhere since
   * is left as it is and `null` is returned: the caller merges and saves again.
   */
  saveContent(id: string, content: GraphContent, baseUpdatedAt?: string): string | null {
    const names = new Set<string>();
    for (const tool of content.tools) {
      if (names.has(tool.name))
        throw new TrellisError('E3003', `Two tools are named "${tool.name}"; the graph was not saved.`);
      names.add(tool.name);
    }
    return this.saveIfBase(id, baseUpdatedAt, content.dismissedSuggestions, () => {
      this.db.prepare('DELETE FROM edges WHERE graph_id = ?').run(id);
      this.db.prepare('DELETE FROM tools WHERE graph_id = ?').run(id);
      this.insertContents(id, content.tools, content.edges);
      if (content.environment !== undefined)
        this.db
          .prepare('UPDATE graphs SET environment = ? WHERE id = ?')
          .run(content.environment ? toJson(content.environment) : null, id);
    });
  }

  /**
   * Moves tools (by name) and sets the dismissed suggestions, as `saveContent` would with the
   * stored content so moved; `baseUpdatedAt` as there. A name the graph lacks is refused (E3003)
   * and nothing changes.
   */
  savePositions(
    id: string,
    positions: readonly { tool: string; x: number; y: number }[],
    dismissedSuggestions: string[],
    baseUpdatedAt?: string,
  ): string | null {
    return this.saveIfBase(id, baseUpdatedAt, dismissedSuggestions, () => {
      const move = this.db.prepare('UPDATE tools SET x = ?, y = ? WHERE graph_id = ? AND name = ?');
      for (const { tool, x, y } of positions) {
        if (move.run(x, y, id, tool).changes === 0)
          throw new TrellisError('E3003', `The graph has no tool "${tool}"; nothing was moved.`);
      }
    });
  }

  /** One save's transaction: nothing when saved elsewhere since `baseUpdatedAt`, else `write` and the new time. */
  private saveIfBase(
    id: string,
    baseUpdatedAt: string | undefined,
    dismissedSuggestions: string[],
    write: () => void,
  ): string | null {
    let updatedAt = nowIso();
    const saved = this.db
      .transaction(() => {
        this.assertExists(id);
        const row = this.db.prepare('SELECT updated_at FROM graphs WHERE id = ?').get(id) as { updated_at: string };
        if (baseUpdatedAt !== undefined && row.updated_at !== baseUpdatedAt) return false;
        // Each save is later than the one before, even within a millisecond, so that a base
        // read before another save never matches after it.
        if (updatedAt <= row.updated_at) updatedAt = new Date(Date.parse(row.updated_at) + 1).toISOString();
        write();
        this.db
          .prepare('UPDATE graphs SET updated_at = ?, dismissed_suggestions = ? WHERE id = ?')
          .run(updatedAt, toJson(dismissedSuggestions), id);
        return true;
      })
      .immediate();
    if (!saved) return null;
    this.changes.note('graphs', 'updated', [id], updatedAt);
    return updatedAt;
  }

  /** Deletes the graph with its plans (the schema cascades), both told in the change log. */
  delete(id: string): void {
    const plans = this.db.transaction(() => {
      const planIds = (this.db.prepare('SELECT id FROM plans WHERE graph_id = ?').all(id) as { id: string }[]).map(
        (row) => row.id,
      );
      const result = this.db.prepare('DELETE FROM graphs WHERE id = ?').run(id);
      if (result.changes === 0) throw graphNotFound(id);
      return planIds;
    })();
    this.changes.note('graphs', 'deleted', [id]);
    if (plans.length) this.changes.note('plans', 'deleted', plans);
  }

  private insertContents(graphId: string, tools: Tool[], edges: GraphEdge[]): void {
    const insertTool = this.db.prepare(
      `INSERT INTO tools (graph_id, name, ord, description, parameters, returns, runtime, x, y)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    tools.forEach((tool, ord) =>
      insertTool.run(
        graphId,
        tool.name,
        ord,
        tool.description,
        toJson(tool.parameters),
        toJson(tool.returns),
        tool.runtime ? toJson(tool.runtime) : null,
        tool.position.x,
        tool.position.y,
      ),
    );
    const insertEdge = this.db.prepare(
      'INSERT INTO edges (graph_id, ord, kind, from_tool, from_field, to_tool, to_field) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    edges.forEach((edge, ord) =>
      edge.kind === 'dependency'
        ? insertEdge.run(graphId, ord, edge.kind, edge.fromTool, edge.fromPath, edge.toTool, edge.toParam)
        : insertEdge.run(graphId, ord, edge.kind, edge.toolA, edge.paramA, edge.toolB, edge.paramB),
    );
  }

  private assertExists(id: string): void {
    if (!this.db.prepare('SELECT 1 FROM graphs WHERE id = ?').get(id)) throw graphNotFound(id);
  }

  private assertNameFree(name: string, exceptId?: string): void {
    const row = this.db.prepare('SELECT id FROM graphs WHERE name = ?').get(name) as { id: string } | undefined;
    if (row && row.id !== exceptId) throw new TrellisError('E3002', `A graph named "${name}" already exists.`);
  }
}

function toTool(row: ToolRow): Tool {
  return {
    name: row.name,
    description: row.description,
    parameters: fromJson(row.parameters) ?? {},
    returns: fromJson(row.returns) ?? {},
    runtime: storedRuntime(row.runtime),
    position: { x: row.x, y: row.y },
  };
}

/**
 * A runtime as read back, checked with the schema it was written with: the file may have been
 * edited outside Trellis (a shared workspace), and what a runtime holds decides what runs. One
 * that does not fit is no runtime (the tool says it has none); fields the schema does not know
 * are dropped, so nothing unshown reaches a spawner or a request.
 */
function storedRuntime(text: string | null): ToolRuntime | null {
  let value: unknown;
  try {
    value = fromJson(text);
  } catch {
    return null;
  }
  const checked = ToolRuntime.safeParse(value);
  return checked.success ? checked.data : null;
}

/** An environment as read back, checked as runtimes are (`storedRuntime`): one that does not fit is none. */
function storedEnvironment(text: string | null): Environment | null {
  let value: unknown;
  try {
    value = fromJson(text);
  } catch {
    return null;
  }
  const checked = Environment.safeParse(value);
  return checked.success ? checked.data : null;
}

function toEdge(row: EdgeRow): GraphEdge {
  return row.kind === 'dependency'
    ? {
        kind: 'dependency',
        fromTool: row.from_tool,
        fromPath: row.from_field,
        toTool: row.to_tool,
        toParam: row.to_field,
      }
    : { kind: 'shared', toolA: row.from_tool, paramA: row.from_field, toolB: row.to_tool, paramB: row.to_field };
}

function graphNotFound(id: string): TrellisError {
  return new TrellisError('E3001', `No tool graph with id ${id}.`);
}
