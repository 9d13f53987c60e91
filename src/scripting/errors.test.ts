import { describe, expect, it } from 'vitest';
import { isInterrupt, SCRIPT_FILE, toScriptError } from './errors';

describe('sandbox errors', () => {
  it('the time limit’s interrupt is told apart from errors in the script, whenever it comes', () => {
    // What QuickJS gives when the interrupt handler stops it, compiling or running.
    expect(isInterrupt({ name: 'InternalError', message: 'interrupted' })).toBe(true);
    // Left to toScriptError, a compile stopped by the limit read as an error in the script (issue 31's loaded run).
    expect(toScriptError({ name: 'InternalError', message: 'interrupted' }, true).kind).toBe('runtime');
    expect(isInterrupt({ name: 'InternalError', message: 'stack overflow' })).toBe(false);
    expect(isInterrupt({ name: 'InternalError', message: 'out of memory' })).toBe(false);
    expect(isInterrupt({ name: 'Error', message: 'interrupted' })).toBe(false);
  });

  it('an error’s position is in the script’s own lines', () => {
    expect(toScriptError({ name: 'SyntaxError', message: 'unexpected token', stack: `    at ${SCRIPT_FILE}:3:7` }, true)).toEqual({ kind: 'syntax', message: 'SyntaxError: unexpected token', line: 2, column: 7 });
    expect(toScriptError({ name: 'TypeError', message: 'x is not a function', stack: `    at ${SCRIPT_FILE}:1:2` }, false)).toEqual({ kind: 'runtime', message: 'TypeError: x is not a function' });
  });
});
