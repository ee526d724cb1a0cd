import { TOOL_NAME_PATTERN, type GraphEdge, type JsonSchema, type Tool, type ToolGraph } from '../domain';
import { fieldCompatibility } from '../graph/compatibility';
import { elementFieldsThatFit } from '../graph/element-fields';
import { elementPattern, isElementPath } from '../graph/field-paths';
import { fieldNameVariants } from '../graph/field-names';
import { fieldAt, schemaFields } from '../graph/fields';
import { dependencyCycles, dependencyEdges } from '../graph/topology';
import { codesOf, problemMaker, type CodeRegistry, type GraphWhere, type Problem } from '../domain/problem';

/** What the graph checks find, each code with its severity. */
export const GRAPH_CODES = {
  'invalid-name': { severity: 'error', description: 'A tool name is not 1–64 letters, digits, _ or -.' },
  'duplicate-name': { severity: 'error', description: 'Two tools have the same name.' },
  'schema-error': { severity: 'error', description: "A tool's parameters or returns schema does not compile." },
  'edge-missing-tool': { severity: 'error', description: 'An edge points to a tool that does not exist.' },
  'edge-missing-field': { severity: 'error', description: 'An edge points to a field its tool does not have.' },
  'dependency-cycle': { severity: 'error', description: 'Dependency edges form a cycle.' },
  'edge-incompatible': { severity: 'error', description: "An edge's two fields cannot hold the same value." },
  'edge-loose': { severity: 'warning', description: "An edge's fields fit only loosely (e.g. number into string)." },
  'unfillable-parameter': {
    severity: 'warning',
    description: 'A required identifier parameter no edge fills.',
    heuristic: true,
  },
  'unreachable-tool': {
    severity: 'warning',
    description: 'A tool the tools that feed its identifiers never let run.',
    heuristic: true,
  },
} as const satisfies CodeRegistry<string>;
export type ProblemCode = keyof typeof GRAPH_CODES;
export const PROBLEM_CODES = codesOf(GRAPH_CODES);

/** One thing wrong with a graph, attached to the tools (and edge) it concerns. */
export type GraphProblem = Problem<ProblemCode, GraphWhere>;

const make = problemMaker<ProblemCode, GraphWhere>(GRAPH_CODES);
const problem = (code: ProblemCode, tools: string[], message: string, edge?: number): GraphProblem =>
  make(code, edge === undefined ? { at: 'graph', tools } : { at: 'graph', tools, edge }, message);

/** Returns why a JSON Schema does not compile, or null; supplied by the side that has a validator. */
export type SchemaCompiler = (schema: JsonSchema) => string | null;

/** Identifiers are produced by tools, not typed by users (a heuristic). */
export function isIdentifierParameter(path: string, schema: JsonSchema | undefined): boolean {
  return /(^|[._])(id|ids|uuid)$/i.test(path) || schema?.format === 'uuid';
}

/**
 * Identifiers people hold on paper or in an e-mail and type in: an order number from a receipt,
 * a ticket's or a tracking number. Where no tool of the graph returns one, the user gives it.
 */
const HELD_IDENTIFIER =
  /^(?:order|invoice|ticket|tracking|confirmation|receipt|reservation|case|parcel|shipment)_?(?:id|number|no|code|ref)$/i;

/** Every problem of the graph, errors first. */
export function checkGraph(graph: Pick<ToolGraph, 'tools' | 'edges'>, compile?: SchemaCompiler): GraphProblem[] {
  const problems = [
    ...checkNames(graph.tools),
    ...(compile ? checkSchemas(graph.tools, compile) : []),
    ...checkEdges(graph),
    ...dependencyCycles(graph).map((cycle) =>
      problem('dependency-cycle', cycle, `Dependency cycle: ${[...cycle, cycle[0]].join(' → ')}.`),
    ),
    ...checkReachability(graph),
  ];
  return problems.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
}

function checkNames(tools: Tool[]): GraphProblem[] {
  const problems: GraphProblem[] = [];
  const seen = new Set<string>();
  for (const tool of tools) {
    if (!TOOL_NAME_PATTERN.test(tool.name)) {
      problems.push(
        problem(
          'invalid-name',
          [tool.name],
          `"${tool.name}" is not a valid tool name: use 1–64 letters, digits, _ or -.`,
        ),
      );
    }
    if (seen.has(tool.name)) {
      problems.push(problem('duplicate-name', [tool.name], `Two tools are named "${tool.name}".`));
    }
    seen.add(tool.name);
  }
  return problems;
}

function checkSchemas(tools: Tool[], compile: SchemaCompiler): GraphProblem[] {
  const problems: GraphProblem[] = [];
  for (const tool of tools) {
    for (const [part, schema] of [
      ['parameters', tool.parameters],
      ['returns', tool.returns],
    ] as const) {
      const error = compile(schema);
      if (error) problems.push(problem('schema-error', [tool.name], `${tool.name}.${part} does not compile: ${error}`));
    }
  }
  return problems;
}

function edgeEnds(edge: GraphEdge): { tool: string; side: 'parameters' | 'returns'; path: string }[] {
  return edge.kind === 'dependency'
    ? [
        { tool: edge.fromTool, side: 'returns', path: edge.fromPath },
        { tool: edge.toTool, side: 'parameters', path: edge.toParam },
      ]
    : [
        { tool: edge.toolA, side: 'parameters', path: edge.paramA },
        { tool: edge.toolB, side: 'parameters', path: edge.paramB },
      ];
}

function missingField(end: { tool: string; side: 'parameters' | 'returns'; path: string }, problem: string): string {
  const where = end.side === 'returns' ? 'result field' : 'parameter';
  // "no field x" only repeats the path; a list or a pick in the way is worth saying.
  return `${end.tool} has no ${where} "${end.path}"${problem.startsWith('no field') ? '' : `: ${problem}`}`;
}

/**
 * Why an edge end may not go into a list: a parameter is filled whole, and a result edge picks
 * "one element" (`rooms[]`), never a given one (a plan step chooses that). Null when it may.
 */
function misplacedElement(side: 'parameters' | 'returns', path: string): string | null {
  if (!isElementPath(path)) return null;
  if (side === 'parameters') return `"${path}" is inside a list parameter; an edge fills a whole parameter`;
  const pattern = elementPattern(path);
  return pattern === path ? null : `an edge picks any element ("${pattern}"); a plan step chooses which`;
}

/** `search.id → book.flight_id` */
export function describeEdge(edge: GraphEdge): string {
  return edge.kind === 'dependency'
    ? `${edge.fromTool}.${edge.fromPath} → ${edge.toTool}.${edge.toParam}`
    : `${edge.toolA}.${edge.paramA} ≡ ${edge.toolB}.${edge.paramB}`;
}

function checkEdges(graph: Pick<ToolGraph, 'tools' | 'edges'>): GraphProblem[] {
  const byName = new Map(graph.tools.map((t) => [t.name, t]));
  const problems: GraphProblem[] = [];
  graph.edges.forEach((edge, edgeIndex) => {
    const ends = edgeEnds(edge);
    const tools = ends.map((e) => e.tool);
    const fields = [];
    for (const end of ends) {
      const tool = byName.get(end.tool);
      if (!tool) {
        problems.push(
          problem(
            'edge-missing-tool',
            tools,
            `Edge ${describeEdge(edge)} points to a tool "${end.tool}" that does not exist.`,
            edgeIndex,
          ),
        );
        return;
      }
      const misplaced = misplacedElement(end.side, end.path);
      const found = misplaced ? null : fieldAt(tool[end.side], end.path);
      if (!found || 'problem' in found) {
        problems.push(
          problem(
            'edge-missing-field',
            tools,
            `Edge ${describeEdge(edge)}: ${misplaced ?? missingField(end, found!.problem)}.`,
            edgeIndex,
          ),
        );
        return;
      }
      fields.push(found.field);
    }
    const verdict = fieldCompatibility(fields[0]!, fields[1]!);
    if (verdict.level === 'incompatible') {
      const list = edge.kind === 'dependency' && fields[0]!.type === 'array' ? edge : null;
      const fits = list ? elementFieldsThatFit(byName.get(list.fromTool)!.returns, list.fromPath, fields[1]!) : [];
      const hint = fits.length
        ? `; connect an element's field instead: ${fits.map((f) => f.field.path).join(', ')}`
        : '';
      problems.push(
        problem('edge-incompatible', tools, `Edge ${describeEdge(edge)}: ${verdict.reason}${hint}.`, edgeIndex),
      );
    } else if (verdict.level === 'loose') {
      problems.push(problem('edge-loose', tools, `Edge ${describeEdge(edge)}: ${verdict.reason}.`, edgeIndex));
    }
  });
  return problems;
}

/**
 * A tool is usable when each required identifier parameter is fed by a usable tool; the rest
 * a user can type. Unusable tools cannot be reached from any entry tool.
 */
function checkReachability(graph: Pick<ToolGraph, 'tools' | 'edges'>): GraphProblem[] {
  const feeds = new Map<string, string[]>();
  for (const edge of dependencyEdges(graph)) {
    const key = `${edge.toTool}\u0000${edge.toParam}`;
    feeds.set(key, [...(feeds.get(key) ?? []), edge.fromTool]);
  }
  const needs = new Map(
    graph.tools.map((tool) => {
      const properties = (tool.parameters.properties ?? {}) as Record<string, JsonSchema>;
      const ids = schemaFields(tool.parameters).filter(
        (f) => f.required && isIdentifierParameter(f.path, properties[f.path]),
      );
      return [tool.name, ids.map((f) => f.path)];
    }),
  );
  // Result fields (list elements' too) by the parameter names they could fill.
  const producers = new Map<string, string[]>();
  for (const t of graph.tools)
    for (const field of schemaFields(t.returns, { elements: true }))
      for (const name of fieldNameVariants(field.path)) {
        const list = producers.get(name);
        if (list) list.push(`${t.name}.${field.path}`);
        else producers.set(name, [`${t.name}.${field.path}`]);
      }
  // An order number no tool returns is the user's to give: neither unfillable nor a bar to running.
  for (const [tool, params] of needs)
    needs.set(
      tool,
      params.filter((p) => !HELD_IDENTIFIER.test(p) || (producers.get(p) ?? []).some((f) => !f.startsWith(`${tool}.`))),
    );
  const problems: GraphProblem[] = [];
  for (const [tool, params] of needs) {
    for (const param of params) {
      if (!feeds.has(`${tool}\u0000${param}`)) {
        const from = (producers.get(param) ?? []).filter((f) => !f.startsWith(`${tool}.`));
        problems.push(
          problem(
            'unfillable-parameter',
            [tool],
            from.length
              ? `${tool}.${param} is an identifier no edge fills; users rarely know it (heuristic). Connect ${from.slice(0, 2).join(' or ')} to it.`
              : `${tool}.${param} is an identifier no tool produces; users rarely know it (heuristic). Connect a tool that returns it.`,
          ),
        );
      }
    }
  }
  const usable = new Set<string>();
  for (let changed = true; changed;) {
    changed = false;
    for (const [tool, params] of needs) {
      if (usable.has(tool)) continue;
      if (params.every((p) => (feeds.get(`${tool}\u0000${p}`) ?? []).some((from) => usable.has(from)))) {
        usable.add(tool);
        changed = true;
      }
    }
  }
  for (const [tool, params] of needs) {
    const fedButStuck = !usable.has(tool) && params.every((p) => feeds.has(`${tool}\u0000${p}`));
    if (fedButStuck) {
      problems.push(
        problem(
          'unreachable-tool',
          [tool],
          `${tool} cannot be reached from any entry tool: the tools that feed its identifiers cannot run first (heuristic).`,
        ),
      );
    }
  }
  return problems;
}
