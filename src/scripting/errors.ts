/**
 * Turns what QuickJS reports (an error's name, message and stack) into a ScriptErrorInfo
 * whose line and column are in the script's own lines: the engine wraps the script in one
 * line of its own, which is taken off here, and frames in the prelude or chai are skipped.
 */
import type { ScriptErrorInfo } from '../core/run/types';

/** The file name the script is compiled under; stack frames in it are the script's own. */
export const SCRIPT_FILE = 'wirebench-script.js';
/** Lines the engine puts before the script's first line. */
export const SCRIPT_LINE_OFFSET = 1;

/** An error as the sandbox reports it. */
export interface GuestError {
  name: string;
  message: string;
  stack?: string;
  lineNumber?: number;
  /** Set by the prelude when the script threw something that is not an Error. */
  thrownValue?: boolean;
}

const FRAME = new RegExp(`${SCRIPT_FILE.replace(/[.-]/g, '\\$&')}:(\\d+)(?::(\\d+))?`);

/** Line and column of the first stack frame in the script, in the script's own numbering. */
export function scriptPosition(stack: string | undefined): { line?: number; column?: number } {
  const match = FRAME.exec(stack ?? '');
  if (!match) return {};
  const line = Number(match[1]) - SCRIPT_LINE_OFFSET;
  if (line < 1) return {};
  return match[2] ? { line, column: Number(match[2]) } : { line };
}

/**
 * The error QuickJS raises when the engine's interrupt handler stops the script: the time
 * limit, which the engine reports as a timeout of its own, never as an error in the script.
 * It can come while the script is being compiled too (the limit counts from before it).
 */
export function isInterrupt(error: GuestError): boolean {
  return error.name === 'InternalError' && error.message === 'interrupted';
}

/** Classifies a sandbox error: `compile` marks errors raised while compiling the script. */
export function toScriptError(error: GuestError, compile: boolean): ScriptErrorInfo {
  const position = scriptPosition(error.stack);
  if (error.name === 'InternalError' && /out of memory/i.test(error.message)) {
    return { kind: 'memory', message: 'The script ran out of memory (the memory limit was reached) and was stopped', ...position };
  }
  if (error.name === 'InternalError' && /stack overflow/i.test(error.message)) {
    return { kind: 'runtime', message: 'RangeError: stack overflow (too much recursion)', ...position };
  }
  const kind = compile && error.name === 'SyntaxError' ? 'syntax' : 'runtime';
  return { kind, message: `${error.name}: ${error.message}`, ...position };
}
