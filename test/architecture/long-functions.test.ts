import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(__dirname, '..', '..');

/** The longest a function of backend/, shared/ or cli/ may be without a reason below. */
const MAX_LINES = 80;

/**
 * The functions longer than MAX_LINES, each with why it stays whole. Split one and its entry goes
 * (the test says so); a new long function fails until it is split or given a reason here.
 */
const LONG_FUNCTIONS: Record<string, string> = {
  // One piece of grammar or one pass each, read top to bottom beside the reference it follows.
  'shared/metrics/bfcl/python-expr.ts parsePythonExpression':
    "a recursive-descent parser for BFCL's Python subset: its rules share the cursor, one closure each",
  'shared/json-schema/pattern-values.ts stringForPattern':
    'a regular-expression walker whose cases share the cursor and the group stack',
  'backend/files/json-array.ts arrayElements':
    "a streaming JSON tokenizer's state machine over chunks; split, its state would be passed about",
  'backend/trajectories/record-stream.ts fileRecords':
    'one generator over every file shape (JSONL, JSON array, document, archive), yielding in order',
  'shared/formats/otlp/assemble.ts assembleTrace': 'one pass over a trace’s spans in time order, with shared state',
  'shared/formats/trajectories/langfuse.ts parseTrace': 'one pass over a trace’s observations in time order',
  'shared/formats/mapping/apply.ts fieldTurns': 'one pass over a record’s messages, each field a case of the mapping',
  // Checkers: each rule is a few lines of one loop over turns or steps, in the order the codes are listed.
  'shared/checks/trajectory.ts checkTrajectory':
    'the trajectory checks: one loop over turns, each rule a few lines in the order of TRAJECTORY_CODES',
  'shared/checks/trajectory.ts checkTrajectory (callback)': 'the loop body of checkTrajectory, one rule per block',
  'shared/checks/plan.ts validatePlan': 'the plan checks: each rule a few lines in the order of PLAN_CODES',
  'shared/graph/suggestions.ts suggestEdges': 'each kind of suggested edge a block over the same field index',
  'shared/plans/from-recordings.ts planFromRecordings':
    'one pass over recorded calls that fills the steps and their references together',
  'shared/plans/from-recordings.ts textMention':
    'the readings of where a recorded value sits in a new request (id, pick, phrase), tried in order',
  // Handler maps: one short entry per method of a namespace, as in the contract.
  'backend/synth/handlers.ts synthHandlers': 'a handler map, one entry per synth method',
  'backend/models/handlers.ts modelsHandlers': 'a handler map, one entry per models method',
  'backend/experiments/handlers.ts experimentsHandlers': 'a handler map, one entry per experiments method',
  'backend/plans/handlers.ts plansHandlers': 'a handler map, one entry per plans method',
  'backend/trajectories/handlers.ts trajectoriesHandlers': 'a handler map, one entry per trajectories method',
  'backend/graphs/runtime-handlers.ts graphRuntimeHandlers': 'a handler map, one entry per runtime method of graphs',
  'backend/backend.ts createBackend': 'wires every service and namespace once, in start-up order',
  'backend/llm/router.ts createModelRouter': 'the model router’s methods over one shared connection state',
  // Jobs: a job's steps share its progress, its cancel signal and what it has written.
  'backend/synth/handlers.ts synthesize':
    'the synthesis job: progress, cancel and bounded concurrency over its examples',
  'backend/synth/handlers.ts one': 'one synthesized example: sample a chain, count its tools, make and keep it',
  'backend/plans/handlers.ts plans.generate':
    "both planners: the deterministic one (recordings, then goals) and the model's candidates as a job",
  'backend/experiments/run-one.ts runOne':
    'one experiment run: replay the source to the fork, the candidate to the end, saved as a fork',
  'backend/llm/helper.ts load': 'loading a GGUF in the helper: each failure gets its own message',
  'backend/llm/generation-loop.ts runGenerationLoop': 'the token loop with its stop, budget and cancel checks',
  'backend/llm/helper-benchmark.ts measureThroughput': 'a benchmark’s warm-up, runs and summary in sequence',
  'backend/executor/runtimes/http.ts callHttp': 'one HTTP call: request, consent, redirects, size limits, answer',
  // Command-line verbs: parse flags, run, print.
  'cli/serve.ts run': 'a CLI verb: its flags, the host’s start and its shutdown',
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

/** What a function is called: its own name, the variable or property it is assigned to, or its caller's name. */
function nameOf(fn: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  const unquoted = (name: ts.Node) => name.getText(source).replace(/^['"]|['"]$/g, '');
  if (fn.name) return unquoted(fn.name);
  const parent = fn.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return unquoted(parent.name);
  for (let node: ts.Node = parent; !ts.isSourceFile(node); node = node.parent)
    if (ts.isFunctionLike(node)) return `${nameOf(node as ts.FunctionLikeDeclaration, source)} (callback)`;
  return '(callback)';
}

/** Every function, method and arrow function of `text` over `max` lines, as `file name`. */
function longFunctions(file: string, text: string, max = MAX_LINES): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && (node as ts.FunctionLikeDeclaration).body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.end).line;
      if (last - first + 1 > max) found.push(`${file} ${nameOf(node as ts.FunctionLikeDeclaration, source)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('functions stay short', () => {
  const long = ['backend', 'shared', 'cli'].flatMap((dir) =>
    sourceFiles(path.join(ROOT, dir)).flatMap((file) =>
      longFunctions(path.relative(ROOT, file).split(path.sep).join('/'), fs.readFileSync(file, 'utf8')),
    ),
  );

  it(`keeps every function of backend/, shared/ and cli/ within ${MAX_LINES} lines, or says why not`, () => {
    expect(long.filter((name) => !(name in LONG_FUNCTIONS))).toEqual([]);
  });

  it('lists only functions that are still long', () => {
    expect(Object.keys(LONG_FUNCTIONS).filter((name) => !long.includes(name))).toEqual([]);
  });

  it('finds a long function, an arrow and a method as well', () => {
    const body = Array.from({ length: MAX_LINES }, (_, i) => `  n += ${i};`).join('\n');
    const text =
      `export function counted() {\n  let n = 0;\n${body}\n  return n;\n}\n` +
      `const arrow = () => {\n${body}\n};\n` +
      `class Kept { method() {\n${body}\n} }\n` +
      `export function short() {\n  return 1;\n}\n`;
    expect(longFunctions('x.ts', text)).toEqual(['x.ts counted', 'x.ts arrow', 'x.ts method']);
  });
});
