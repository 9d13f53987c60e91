import { describe, expect, it } from 'vitest';
import { asNumber, compareValue, jsonEqual, parseLengthBound } from './compare';
import type { AssertionOperator } from './types';

/** One row: actual value, operator, expected text, whether it passes. */
type Row = [unknown, AssertionOperator, string | undefined, boolean];

const check = ([actual, operator, expected, passes]: Row) => {
  const result = compareValue(actual, operator, expected);
  expect(result.passed, `${JSON.stringify(actual)} ${operator} ${expected}: ${result.message}`).toBe(passes);
  if (!passes) expect(result.message).toMatch(/\S/);
};

describe('compareValue ==, !=', () => {
  it.each<Row>([
    [201, '==', '201', true],
    [201, '==', '200', false],
    ['12', '==', '12.0', true], // numbers as strings read as numbers
    [12, '==', ' 12 ', true],
    ['0x10', '==', '16', false], // hex is not a decimal number
    ['abc', '==', 'abc', true],
    ['abc', '==', '"abc"', true], // JSON string
    [true, '==', 'true', true],
    ['true', '==', 'true', true], // header text
    [null, '==', 'null', true],
    [[1, 2], '==', '[1, 2]', true],
    [[1, 2], '==', '[2, 1]', false],
    [{ a: 1, b: [true] }, '==', '{"b": [true], "a": 1}', true],
    [{ a: 1 }, '==', '{"a": 2}', false],
    ['Zoë', '==', 'Zoë', true],
    ['', '==', undefined, true],
    ['', '==', '', true],
    [201, '!=', '200', true],
    ['a', '!=', 'a', false],
  ])('%j %s %j → %s', (...row) => check(row));

  it('says what was expected and what came', () => {
    expect(compareValue(404, '==', '201').message).toBe('Expected 201, got 404.');
    expect(compareValue('x', '==', 'y').message).toBe('Expected y, got "x".');
  });
});

describe('compareValue <, <=, >, >=', () => {
  it.each<Row>([
    [150, '<', '200', true],
    [200, '<', '200', false],
    [200, '<=', '200', true],
    ['1e3', '>', '999', true],
    ['-1.5', '>=', '-1.5', true],
    [3, '>', '4', false],
  ])('%j %s %j → %s', (...row) => check(row));

  it('fails with a message when the expected value is not a number', () => {
    expect(compareValue(3, '<', 'ten')).toEqual({ passed: false, message: '< needs a number to compare with; "ten" is not one.' });
  });
  it('fails with a message when the actual value is not a number', () => {
    expect(compareValue('abc', '>', '1')).toEqual({ passed: false, message: '"abc" is not a number, so it cannot be > 1.' });
    expect(compareValue([1], '>', '0').passed).toBe(false);
  });
});

describe('compareValue contains, not-contains, matches', () => {
  it.each<Row>([
    ['application/json; charset=utf-8', 'contains', 'json', true],
    ['text/html', 'contains', 'json', false],
    [['a', 'b'], 'contains', 'b', true],
    [[1, 2], 'contains', '2', true],
    [[{ id: 1 }], 'contains', '{"id":1}', true],
    [{ id: 1 }, 'contains', 'id', true], // a member name
    [{ id: 1 }, 'contains', 'name', false],
    [12345, 'contains', '234', true],
    ['abc', 'not-contains', 'x', true],
    ['abc', 'not-contains', 'b', false],
    ['v1.2.3', 'matches', '^v\\d+\\.\\d+', true],
    ['ABC', 'matches', '/abc/i', true],
    ['ABC', 'matches', 'abc', false],
    [404, 'matches', '^4\\d\\d$', true],
    ['✓ done', 'matches', '^✓', true],
  ])('%j %s %j → %s', (...row) => check(row));

  it('an invalid regex is a failed check, not a throw', () => {
    expect(compareValue('a', 'matches', '([')).toMatchObject({ passed: false, message: expect.stringMatching(/not a valid regular expression/) });
  });
});

describe('compareValue exists, type, length', () => {
  it.each<Row>([
    [0, 'exists', undefined, true],
    [null, 'exists', undefined, true],
    ['x', 'not-exists', undefined, false],
    ['x', 'type', 'string', true],
    ['12', 'type', 'number', false], // a header's "12" is text
    [12, 'type', 'number', true],
    [12, 'type', 'integer', true],
    [1.5, 'type', 'integer', false],
    [null, 'type', 'null', true],
    [[], 'type', 'array', true],
    [{}, 'type', 'object', true],
    [[], 'type', 'object', false],
    [true, 'type', 'Boolean', true],
    ['abc', 'length', '3', true],
    ['Zoë✓', 'length', '4', true], // characters, not UTF-16 units
    ['😀', 'length', '1', true],
    [[1, 2, 3], 'length', '>= 3', true],
    [[1, 2], 'length', '>= 3', false],
    [[], 'length', '== 0', true],
    [{ a: 1, b: 2 }, 'length', '< 3', true],
    [[1], 'length', '!= 1', false],
  ])('%j %s %j → %s', (...row) => check(row));

  it.each<[unknown, AssertionOperator, string, RegExp]>([
    ['x', 'type', 'text', /not a JSON type; use one of string, number/],
    [1.5, 'type', 'integer', /Expected an integer, got a non-integer number 1.5/],
    [7, 'length', '3', /is a number, which has no length/],
    ['abc', 'length', 'three', /length needs a whole number/],
    [[1, 2], 'length', '>= 3', /Expected a length >= 3, got 2/],
  ])('%j %s %j fails with a reason', (actual, operator, expected, message) => {
    expect(compareValue(actual, operator, expected)).toMatchObject({ passed: false, message: expect.stringMatching(message) });
  });
});

describe('helpers', () => {
  it.each<[unknown, number | undefined]>([
    [3, 3],
    ['3', 3],
    ['-0.5e2', -50],
    ['', undefined],
    ['3px', undefined],
    [Infinity, undefined],
    [true, undefined],
  ])('asNumber(%j) = %j', (v, n) => expect(asNumber(v)).toBe(n));

  it('jsonEqual ignores member order, not item order', () => {
    expect(jsonEqual({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual({ a: undefined }, { b: undefined })).toBe(false);
  });

  it.each<[string, unknown]>([
    ['3', { operator: '==', value: 3 }],
    ['>= 3', { operator: '>=', value: 3 }],
    ['=2', { operator: '==', value: 2 }],
    ['<10', { operator: '<', value: 10 }],
  ])('parseLengthBound(%j)', (text, bound) => expect(parseLengthBound(text)).toEqual(bound));
});
