import { describe, expect, it } from 'vitest';
import { isTruthy, parseBoolean, parseBooleanField } from './booleans.js';

describe('parseBoolean (PHP FILTER_VALIDATE_BOOLEAN with FILTER_NULL_ON_FAILURE)', () => {
  it.each(['1', 'true', 'on', 'yes', 'TRUE', 'Yes', ' on ', 'oN'])('reads %j as true', (text) => {
    expect(parseBoolean(text)).toBe(true);
  });

  it.each(['0', 'false', 'off', 'no', 'FALSE', 'No', ' off ', ''])('reads %j as false', (text) => {
    expect(parseBoolean(text)).toBe(false);
  });

  it('reads JSON booleans and the numbers 1 and 0', () => {
    expect(parseBoolean(true)).toBe(true);
    expect(parseBoolean(false)).toBe(false);
    expect(parseBoolean(1)).toBe(true);
    expect(parseBoolean(0)).toBe(false);
  });

  it.each([['2'], ['y'], ['n'], ['truthy'], ['1.0'], [2], [-1], [0.5], [null], [undefined], [[]], [{}]])(
    'leaves %j undecided',
    (value) => {
      expect(parseBoolean(value)).toBeUndefined();
    },
  );
});

describe('isTruthy (query flags: any other present value is false)', () => {
  it('is true only for what parseBoolean reads as true', () => {
    expect(['1', 'true', 'on', 'yes', 'ON', true, 1].map(isTruthy)).toEqual(Array(7).fill(true));
    expect(['0', 'false', 'no', '', 'maybe', null, undefined, 2, false].map(isTruthy)).toEqual(
      Array(9).fill(false),
    );
  });
});

describe('parseBooleanField (Laravel `boolean` rule, plus "true"/"false" as text)', () => {
  it('accepts true/false, 1/0, "1"/"0", "true"/"false"', () => {
    expect([true, 1, '1', 'true'].map(parseBooleanField)).toEqual([true, true, true, true]);
    expect([false, 0, '0', 'false'].map(parseBooleanField)).toEqual([false, false, false, false]);
  });

  it.each([['on'], ['yes'], ['off'], ['no'], ['TRUE'], [' 1'], [''], [2], [null], [[]]])(
    'refuses %j',
    (value) => {
      expect(parseBooleanField(value)).toBeUndefined();
    },
  );
});
