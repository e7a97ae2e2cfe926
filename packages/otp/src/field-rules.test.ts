import { describe, expect, it } from 'vitest';
import { otpError } from './errors.js';
import { fieldRuleOf } from './field-rules.js';
import { parseOtpauthUri } from './otpauth-uri.js';

describe('fieldRuleOf', () => {
  it('names the rule each engine error breaks, with its bounds', () => {
    expect(fieldRuleOf(otpError('digits', 'out_of_range'))).toEqual({
      field: 'digits',
      rule: 'between',
      min: 5,
      max: 10,
    });
    expect(fieldRuleOf(otpError('counter', 'out_of_range'))).toEqual({
      field: 'counter',
      rule: 'min',
      min: 0,
    });
    expect(fieldRuleOf(otpError('counter', 'not_an_integer'))).toEqual({ field: 'counter', rule: 'integer' });
    expect(fieldRuleOf(otpError('secret', 'required'))).toEqual({ field: 'secret', rule: 'required' });
    expect(fieldRuleOf(otpError('secret', 'invalid_base32'))).toEqual({ field: 'secret', rule: 'base32' });
    expect(fieldRuleOf(otpError('label', 'missing_label'))).toEqual({ field: 'label', rule: 'uri_label' });
  });

  it('reports what the URI parser refuses on the field a form shows', () => {
    const rules = (uri: string) => {
      const parsed = parseOtpauthUri(uri);
      return parsed.ok ? [] : parsed.errors.map(fieldRuleOf);
    };
    expect(rules('https://example.com')).toEqual([{ field: 'uri', rule: 'otpauth_uri' }]);
    expect(rules('otpauth://totp/A?secret=JBSWY3DPEHPK3PXP&digits=12')).toEqual([
      { field: 'digits', rule: 'between', min: 5, max: 10 },
    ]);
    expect(rules('otpauth://totp/A?secret=!!')).toEqual([{ field: 'secret', rule: 'base32' }]);
  });
});
