import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { bestCodeField, findCodeFields, type CodeField } from '../src/lib/field-detect';
import { fillCode } from '../src/lib/fill';

const fixtures = join(__dirname, 'fixtures');
const htmlIn = (folder: string) =>
  readdirSync(join(fixtures, folder))
    .filter((name) => name.endsWith('.html'))
    .map((name) => ({ name: `${folder}/${name}`, html: readFileSync(join(fixtures, folder, name), 'utf8') }));
/** Real sites' code steps, each opening with a comment that names the site and the page. */
const sites = htmlIn('sites');
/** Made-up code steps: other languages, two candidate fields. */
const madeUp = htmlIn('pages');
/** Forms with no code field: sign-in, search, card payment, contact. */
const forms = htmlIn('forms');

function load(html: string): Document {
  document.body.innerHTML = html;
  return document;
}

function inputsOf(field: CodeField | undefined): HTMLInputElement[] {
  if (!field) return [];
  return field.kind === 'single' ? [field.input] : [...field.inputs];
}

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('the field detector on real sign-in pages', () => {
  it('has a corpus of at least 15 sites, each saying which site and page it is', () => {
    expect(sites.length).toBeGreaterThanOrEqual(15);
    for (const { name, html } of sites) expect(html, name).toMatch(/^<!-- [^:]+: .+ -->\n/);
  });

  const expectedIn = (doc: Document) => {
    const expected = Array.from(doc.querySelectorAll<HTMLInputElement>('[data-expect]'));
    expect(expected.length, 'the fixture marks its code field').toBeGreaterThan(0);
    return expected;
  };

  for (const { name, html } of sites) {
    it(`finds the code field of ${name}, and nothing else`, () => {
      const doc = load(html);
      const expected = expectedIn(doc);
      expect(inputsOf(bestCodeField(doc))).toEqual(expected);
      expect(findCodeFields(doc).flatMap(inputsOf)).toEqual(expected);
    });
  }

  for (const { name, html } of madeUp) {
    it(`chooses the code field of ${name}`, () => {
      const doc = load(html);
      expect(inputsOf(bestCodeField(doc))).toEqual(expectedIn(doc));
    });
  }
});

describe('forms without a code field', () => {
  it('has the sign-in, search and card payment forms', () => {
    expect(forms.map((form) => form.name)).toEqual(
      expect.arrayContaining(['forms/login.html', 'forms/search.html', 'forms/credit-card.html']),
    );
  });

  for (const { name, html } of forms) {
    it(`offers nothing in ${name}`, () => {
      expect(findCodeFields(load(html))).toEqual([]);
    });
  }

  it('does not take a card number in four boxes of four for a split field', () => {
    const doc = load(
      '<div>' +
        Array.from({ length: 4 }, (_, i) => `<input name="cc${i}" maxlength="4" inputmode="numeric">`).join(
          '',
        ) +
        '</div>',
    );
    expect(findCodeFields(doc)).toEqual([]);
  });
});

describe('split fields', () => {
  it('finds eight single-character boxes as one field', () => {
    const doc = load(`<div class="code">${'<input maxlength="1" inputmode="numeric">'.repeat(8)}</div>`);
    const field = bestCodeField(doc);
    expect(field?.kind).toBe('split');
    expect(inputsOf(field)).toHaveLength(8);
  });

  it('fills one character per box and fires input events', () => {
    const doc = load(`<div class="code">${'<input maxlength="1">'.repeat(6)}</div>`);
    const seen: string[] = [];
    doc.addEventListener('input', (event) => seen.push((event.target as HTMLInputElement).value));
    expect(fillCode(bestCodeField(doc)!, '123456')).toBe(true);
    expect(Array.from(doc.querySelectorAll('input'), (input) => input.value).join('')).toBe('123456');
    expect(seen).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('refuses a code longer than the boxes', () => {
    const doc = load(`<div class="code">${'<input maxlength="1">'.repeat(6)}</div>`);
    expect(fillCode(bestCodeField(doc)!, '12345678')).toBe(false);
  });
});

describe('choosing between fields', () => {
  it('prefers the focused candidate', () => {
    const doc = load(
      '<input id="a" autocomplete="one-time-code"><label for="b">Verification code</label><input id="b">',
    );
    doc.getElementById('b')!.focus();
    expect(inputsOf(bestCodeField(doc))[0]?.id).toBe('b');
  });

  it('ignores a focused field that is not a code field', () => {
    const doc = load('<input type="search" id="s"><input id="otp" name="otp">');
    doc.getElementById('s')!.focus();
    expect(inputsOf(bestCodeField(doc))[0]?.id).toBe('otp');
  });
});

describe('same-origin iframes', () => {
  it('finds and fills the field inside the frame (the content script runs in every frame)', async () => {
    const frame = document.createElement('iframe');
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve));
    frame.srcdoc = '<form><input name="otp" autocomplete="one-time-code"></form>';
    document.body.append(frame);
    await loaded;
    const inner = frame.contentDocument!;
    expect(findCodeFields(document)).toEqual([]);
    fillCode(bestCodeField(inner)!, '654321');
    expect(inner.querySelector('input')!.value).toBe('654321');
  });
});

describe('filling', () => {
  it('sets the value through the native setter and fires keydown, input, keyup and change', () => {
    const doc = load('<form><input id="c" autocomplete="one-time-code"></form>');
    const input = doc.getElementById('c') as HTMLInputElement;
    const events: string[] = [];
    for (const type of ['keydown', 'input', 'keyup', 'change'])
      input.addEventListener(type, () => events.push(type));
    // A framework's value tracker: an own property on the element shadowing the prototype's setter.
    let tracked = '';
    Object.defineProperty(input, 'value', {
      configurable: true,
      get: () =>
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.get!.call(input) as string,
      set: (value: string) => {
        tracked = value;
      },
    });
    fillCode(bestCodeField(doc)!, '246810');
    expect(input.value).toBe('246810');
    expect(tracked).toBe('');
    expect(events).toEqual(['keydown', 'input', 'keyup', 'change']);
  });
});
