/**
 * The contract between BFCL's multi-turn API classes (file system, math, messaging, posting,
 * tickets, trading, travel, vehicle control), reimplemented in apis/, and the executor that runs
 * the leaderboard's call strings in them (execute.ts). Values are Python's as values.ts models
 * them: an integer JS number is an `int`, a `PyFloat` a `float`, plain objects are dicts.
 */

/**
 * A Python exception a method raised: the executor writes it as the leaderboard does,
 * `Error during execution: ${message}`, so `message` is Python's `str(exception)` exactly
 * (`str(KeyError('x'))` is `'x'` with its quotes).
 */
export class PyError extends Error {
  constructor(
    message: string,
    /** The exception's class, for messages that name it: "KeyError", "ValueError". */
    readonly pyType = 'Exception',
  ) {
    super(message);
  }
}

/** One parameter of a public method, as Python declares it (in order, after `self`). */
export interface PyParam {
  name: string;
  /** Present when the parameter has a default (then it is optional); the value Python would use. */
  default?: unknown;
  /** Whether it is `*args` or `**kwargs` (rare; none of the eight classes need it so far). */
  variadic?: 'args' | 'kwargs';
}

/** One public method: how Python binds its arguments, and what it does. */
export interface PyMethod<T> {
  params: readonly PyParam[];
  /**
   * Runs it on the instance with every parameter bound (defaults filled in by the executor).
   * Returns the Python value the method returns; throws `PyError` for an exception.
   */
  run(api: T, args: Record<string, unknown>): unknown;
}

/** An instance of one API class. */
export interface BfclApi {
  /**
   * Python's `_load_scenario(scenario, long_context)`: the entry's `initial_config[ClassName]`
   * (a deep copy), or `{}` when it names none. Stateless classes (MathAPI) are never loaded.
   */
  loadScenario(scenario: Record<string, unknown>, longContext: boolean): void;
  /**
   * `vars(self)` without attributes starting with `_`, in Python's values, as the leaderboard's
   * state checker compares them with `==` (nested objects with their own `__eq__` written as the
   * plain values that `__eq__` compares: a Directory as `{ name, contents }`).
   */
  publicState(): Record<string, unknown>;
}

/** One API class: its name as `involved_classes` spells it, a fresh instance, its public methods. */
export interface BfclApiClass<T extends BfclApi = BfclApi> {
  name: string;
  /** Whether the leaderboard skips `_load_scenario` for it (STATELESS_CLASSES: only MathAPI). */
  stateless: boolean;
  create(): T;
  /** Every public method (no leading `_`), as Python's `inspect.getmembers` finds them. */
  methods: Readonly<Record<string, PyMethod<T>>>;
}

/** Declares a class's methods with the instance type checked. */
export const defineApiClass = <T extends BfclApi>(spec: BfclApiClass<T>): BfclApiClass<T> => spec;
