import { describe, expect, it } from 'vitest';
import { isValidGroupNameCharacters } from './group-name.js';

const ZWNJ = '\u200C';
const ZWJ = '\u200D';

describe('group name characters', () => {
  it.each(["Ça-va_l'été", '日本 ١٢', 'Work', `کار${ZWNJ}ها`, `می${ZWNJ}خواهم`, `क्${ZWJ}ष`])(
    'accepts %j',
    (name) => {
      expect(isValidGroupNameCharacters(name)).toBe(true);
    },
  );

  it.each([
    ['a joiner at the start', `${ZWNJ}کار`],
    ['a joiner at the end', `کار${ZWNJ}`],
    ['a joiner alone', ZWNJ],
    ['joiners only', `${ZWJ}${ZWNJ}`],
    ['a double quote', 'a "quoted" name'],
    ['an empty name', ''],
    ['another invisible format character', `a\u200Bb`],
  ])('refuses %s', (_why, name) => {
    expect(isValidGroupNameCharacters(name)).toBe(false);
  });
});
