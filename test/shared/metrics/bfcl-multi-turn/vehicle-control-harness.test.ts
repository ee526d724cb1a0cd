import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PyError, type BfclApi, type BfclApiClass } from '../../../../shared/metrics/bfcl-multi-turn/api';
import { vehicleControlApi } from '../../../../shared/metrics/bfcl-multi-turn/apis/vehicle-control-api';
import { NotJsonSerializable, pyJsonDumps, pyStr } from '../../../../shared/metrics/bfcl-multi-turn/py-num';
import { parseExactJson } from '../../../../shared/metrics/bfcl/exact-json';
import { parsePythonExpression, type PyNode } from '../../../../shared/metrics/bfcl/python-expr';
import { isDict, PyFloat, pyRepr, PyTuple, setOwn } from '../../../../shared/metrics/bfcl/values';

/**
 * Compares the class with the leaderboard's own, call by call, on what a Python harness recorded
 * by running the official VehicleControlAPI through the official executor: every ground-truth
 * call of the four multi-turn files, and seeded perturbed calls. The recording is not part of the
 * project; point BFCL_HARNESS at it (/work/bfcl-official/harness/vehicle/expected.json) to run this.
 */

interface Recorded {
  call: string;
  result: string;
  state: string;
}
interface Sequence {
  id: string;
  config: Record<string, unknown>;
  longContext: boolean;
  turns: Recorded[][];
}

const harnessFile = process.env['BFCL_HARNESS'];

/** A stand-in for the executor: evaluates the literal arguments and binds them as Python does. */
function evaluate(node: PyNode): unknown {
  switch (node.t) {
    case 'const':
      return node.value;
    case 'list':
      return node.elts.map(evaluate);
    case 'tuple':
      return new PyTuple(node.elts.map(evaluate));
    case 'dict': {
      const dict: Record<string, unknown> = {};
      node.keys.forEach((k, i) => setOwn(dict, String(evaluate(k!)), evaluate(node.values[i]!)));
      return dict;
    }
    case 'unary': {
      const value = evaluate(node.operand);
      return value instanceof PyFloat ? new PyFloat(-value.value) : -(value as number);
    }
    default:
      throw new Error(`the harness check cannot evaluate ${node.t}`);
  }
}

function runCall(spec: BfclApiClass, api: BfclApi, call: string): string {
  const node = parsePythonExpression(call);
  if (node.t !== 'call' || node.func.t !== 'name') throw new Error(`not a call: ${call}`);
  const name = node.func.id;
  try {
    const method = Object.hasOwn(spec.methods, name) ? spec.methods[name] : undefined;
    if (!method) throw new PyError(`name '${name}' is not defined`, 'NameError');
    const qualname = `${spec.name}.${name}()`;
    const params = method.params;
    const args: Record<string, unknown> = {};
    if (node.args.length > params.length) {
      const required = params.filter((p) => !('default' in p)).length;
      const takes =
        required === params.length
          ? `${params.length + 1} positional argument${params.length ? 's' : ''}`
          : `from ${required + 1} to ${params.length + 1} positional arguments`;
      throw new PyError(`${qualname} takes ${takes} but ${node.args.length + 1} were given`);
    }
    node.args.forEach((a, i) => setOwn(args, params[i]!.name, evaluate(a)));
    for (const k of node.keywords) {
      if (!params.some((p) => p.name === k.arg))
        throw new PyError(`${qualname} got an unexpected keyword argument '${k.arg}'`);
      if (Object.hasOwn(args, k.arg!)) throw new PyError(`${qualname} got multiple values for argument '${k.arg}'`);
      setOwn(args, k.arg!, evaluate(k.value));
    }
    const missing = params.filter((p) => !Object.hasOwn(args, p.name) && !('default' in p)).map((p) => `'${p.name}'`);
    if (missing.length) {
      const names =
        missing.length <= 2 ? missing.join(' and ') : `${missing.slice(0, -1).join(', ')}, and ${missing.at(-1)}`;
      const count = `${missing.length} required positional argument${missing.length === 1 ? '' : 's'}`;
      throw new PyError(`${qualname} missing ${count}: ${names}`);
    }
    for (const p of params) if (!Object.hasOwn(args, p.name)) setOwn(args, p.name, p.default);
    const result = method.run(api, args);
    if (typeof result === 'string') return result;
    if (isDict(result)) {
      try {
        return pyJsonDumps(result);
      } catch (error) {
        if (error instanceof NotJsonSerializable) return pyRepr(result);
        throw error;
      }
    }
    return pyStr(result);
  } catch (error) {
    if (error instanceof PyError) return `Error during execution: ${error.message}`;
    throw error;
  }
}

/** A deep copy that keeps floats and tuples what they are. */
function deepCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(deepCopy);
  if (value instanceof PyTuple) return new PyTuple(value.items.map(deepCopy));
  if (isDict(value)) {
    const copy: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) setOwn(copy, k, deepCopy(v));
    return copy;
  }
  return value;
}

/** A state as canonical text: keys sorted, ints and floats kept apart, as json.dumps writes them. */
function canonical(value: unknown): string {
  const sorted = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sorted);
    if (v instanceof PyTuple) return v.items.map(sorted);
    if (isDict(v)) {
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v).sort()) setOwn(out, k, sorted(v[k]));
      return out;
    }
    return v;
  };
  return pyJsonDumps(sorted(value));
}

describe.skipIf(!harnessFile)('VehicleControlAPI against the leaderboard’s class (needs BFCL_HARNESS)', () => {
  const recording = harnessFile
    ? (parseExactJson(fs.readFileSync(harnessFile, 'utf8')) as Record<'groundTruth' | 'perturbed', Sequence[]>)
    : { groundTruth: [], perturbed: [] };

  for (const part of ['groundTruth', 'perturbed'] as const) {
    it(`gives the leaderboard's result and state for every ${part} call`, () => {
      const mismatches: string[] = [];
      let calls = 0;
      for (const sequence of recording[part]) {
        const car = vehicleControlApi.create();
        car.loadScenario(deepCopy(sequence.config) as Record<string, unknown>, sequence.longContext);
        for (const [turn, recorded] of sequence.turns.entries())
          for (const { call, result, state } of recorded) {
            calls++;
            const got = runCall(vehicleControlApi as BfclApiClass, car, call);
            const gotState = canonical(car.publicState());
            const wantState = canonical(parseExactJson(state));
            if (got !== result) mismatches.push(`${sequence.id} turn ${turn} ${call}\n  want ${result}\n  got  ${got}`);
            else if (gotState !== wantState)
              mismatches.push(`${sequence.id} turn ${turn} ${call} state\n  want ${wantState}\n  got  ${gotState}`);
          }
      }
      console.log(`${part}: ${calls - mismatches.length} of ${calls} calls matched`);
      expect(mismatches.slice(0, 20)).toEqual([]);
    });
  }
});
