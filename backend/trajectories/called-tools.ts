import { createSchema, mergeSchemas, type Schema } from 'genson-js';
import type { DeclaredTool, JsonSchema, Turn } from '../../shared/domain';
import { isObject } from '../../shared/json';
import { EMPTY_OBJECT_SCHEMA } from '../../shared/formats/tools/parsed';

/** Arguments of this many calls of a tool shape its parameters; the rest are only counted. */
const SAMPLED_CALLS = 1000;

interface Called {
  calls: number;
  /** Merged from the calls' argument objects; null until one passed an object. */
  schema: Schema | null;
  sampled: number;
}

/**
 * The tools a file's calls name, with parameters inferred from the arguments they passed (a
 * property every sampled call passed is required). A new graph made from records that declare no
 * tools (many harnesses log only the calls) gets these, rather than no tools and an
 * `unknown-tool` finding on every call. Where any record declares tools, none are made: a call
 * to a tool no record declares may be one the model invented, which the checks must report; the
 * import report names such tools with their calls.
 */
export class CalledTools {
  private readonly byName = new Map<string, Called>();

  add(turns: readonly Turn[]): void {
    for (const turn of turns)
      for (const call of turn.toolCalls ?? []) {
        if (!call.name) continue;
        let called = this.byName.get(call.name);
        if (!called) this.byName.set(call.name, (called = { calls: 0, schema: null, sampled: 0 }));
        called.calls++;
        if (!isObject(call.args) || called.sampled >= SAMPLED_CALLS) continue;
        const schema = createSchema(call.args);
        called.schema = called.schema ? mergeSchemas([called.schema, schema]) : schema;
        called.sampled++;
      }
  }

  get size(): number {
    return this.byName.size;
  }

  /** Every called name with its number of calls, most called first. */
  counts(): { name: string; calls: number }[] {
    return [...this.byName].map(([name, { calls }]) => ({ name, calls })).sort((a, b) => b.calls - a.calls);
  }

  /**
   * The called tools, as tools to add (most called first). Their description is left empty for
   * the user to write: it is what a model reads, and the import report says where they came from.
   */
  tools(): DeclaredTool[] {
    return this.counts().map(({ name }) => {
      const schema = this.byName.get(name)!.schema;
      return { name, description: '', parameters: schema ? (schema as JsonSchema) : EMPTY_OBJECT_SCHEMA };
    });
  }
}
