/**
 * The collection run a send belongs to, if any (issue 18): the iteration, the iteration
 * count and the data row the runner is on. A single send has none; the runner sets it
 * around its steps so the same send path gives scripts `pm.info.iteration`,
 * `pm.info.iterationCount` and `pm.iterationData` as Postman's runner does.
 */
import type { ScriptValue } from '../../../scripting/types';

/** Where a run is, as scripts see it. */
export interface RunContext {
  /** 0-based, as `pm.info.iteration`. */
  iteration: number;
  iterationCount: number;
  /** The row as the data file has it: a JSON file's numbers and arrays stay numbers and arrays. */
  data: Readonly<Record<string, ScriptValue>>;
}

let current: RunContext | undefined;
/** Counts runs: a new one starts when a context is set while none was (scripts of one run share a script session). */
let runNumber = 0;

/** The run the next send belongs to; undefined for a single send. */
export function currentRunContext(): RunContext | undefined {
  return current;
}

/** Set by the runner at each iteration, cleared (undefined) when the run ends. */
export function setRunContext(context: RunContext | undefined): void {
  if (context && !current) runNumber += 1;
  current = context;
}

/** The run the next send belongs to, as a number that changes with each run; undefined for a single send. */
export function currentRunNumber(): number | undefined {
  return current ? runNumber : undefined;
}
