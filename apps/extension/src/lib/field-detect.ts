// Finds the one-time-code fields of a document: an input that says so (`autocomplete=
// "one-time-code"`), one named or labelled like a code, or a row of single-character boxes (a split
// field). Pure DOM reading, no browser API: the content script and the tests run it alike.
import {
  CODE_PHRASES,
  NEGATIVE_AUTOCOMPLETE,
  NEGATIVE_PHRASES,
  NEGATIVE_TOKENS,
  STRONG_PAIRS,
  STRONG_TOKENS,
} from './code-words.js';

export type CodeField =
  | { readonly kind: 'single'; readonly input: HTMLInputElement; readonly score: number }
  | { readonly kind: 'split'; readonly inputs: readonly HTMLInputElement[]; readonly score: number };

const TEXT_TYPES = new Set(['', 'text', 'tel', 'number', 'password']);
const THRESHOLD = 50;

/** Splits "app_totpPin" into ["app", "totp", "pin"]. */
export function tokens(value: string): string[] {
  return value
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

function isVisible(input: HTMLInputElement): boolean {
  if (input.hidden || input.type === 'hidden') return false;
  const view = input.ownerDocument.defaultView;
  for (let node: Element | null = input; node; node = node.parentElement) {
    if (node.hasAttribute('hidden') || node.getAttribute('aria-hidden') === 'true') return false;
    const style = view?.getComputedStyle(node);
    if (style && (style.display === 'none' || style.visibility === 'hidden')) return false;
  }
  return true;
}

function usable(input: HTMLInputElement): boolean {
  return TEXT_TYPES.has(input.type.toLowerCase()) && !input.disabled && !input.readOnly && isVisible(input);
}

/** The text a user reads about the input: its labels, placeholder, aria-label(ledby) and title. */
function humanText(input: HTMLInputElement): string {
  const doc = input.ownerDocument;
  const parts = [input.placeholder, input.getAttribute('aria-label') ?? '', input.title];
  for (const id of (input.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean)) {
    parts.push(doc.getElementById(id)?.textContent ?? '');
  }
  for (const label of Array.from(input.labels ?? [])) parts.push(label.textContent ?? '');
  return parts.join(' ').toLowerCase().replace(/\s+/g, ' ');
}

function autocompleteTokens(input: HTMLInputElement): string[] {
  return (input.getAttribute('autocomplete') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

function looksNumeric(input: HTMLInputElement): boolean {
  const max = input.maxLength;
  return (
    input.inputMode === 'numeric' ||
    input.getAttribute('inputmode') === 'numeric' ||
    /\\d|\[0-9\]/.test(input.pattern) ||
    (max >= 6 && max <= 10) ||
    input.type === 'tel' ||
    input.type === 'number'
  );
}

function attributeScore(words: string[]): number {
  if (words.some((word) => STRONG_TOKENS.has(word))) return 80;
  for (let i = 0; i + 1 < words.length; i += 1) {
    if (STRONG_PAIRS.has(`${words[i]} ${words[i + 1]}`)) return 80;
  }
  return 0;
}

/** How much an input looks like a one-time-code field (0: not at all). */
export function scoreInput(input: HTMLInputElement): number {
  if (!usable(input)) return 0;
  const auto = autocompleteTokens(input);
  if (auto.includes('one-time-code')) return 100;
  if (input.type === 'search' || auto.some((token) => NEGATIVE_AUTOCOMPLETE.has(token))) return 0;
  const words = [...tokens(input.name), ...tokens(input.id)];
  if (words.some((word) => NEGATIVE_TOKENS.has(word))) return 0;
  const text = humanText(input);
  if (NEGATIVE_PHRASES.some((phrase) => text.includes(phrase))) return 0;
  // A card's security code: three or four characters.
  if (input.maxLength === 3 || input.maxLength === 4) return 0;
  const byAttribute = attributeScore(words);
  if (byAttribute) return byAttribute;
  if (CODE_PHRASES.some((phrase) => text.includes(phrase))) return 70;
  const saysCode = words.includes('code') || words.includes('pin') || /\bcode\b/.test(text);
  return saysCode && looksNumeric(input) ? 50 : 0;
}

function singleCharacter(input: HTMLInputElement): boolean {
  return (
    input.maxLength === 1 && usable(input) && !autocompleteTokens(input).some((t) => t.startsWith('cc-'))
  );
}

/** Rows of 4 to 8 single-character boxes sharing a near ancestor. */
function splitFields(root: Document): CodeField[] {
  const boxes = Array.from(root.querySelectorAll('input')).filter(singleCharacter);
  const groups = new Map<Element, HTMLInputElement[]>();
  for (const box of boxes) {
    let container: Element | null = box.parentElement;
    for (let depth = 0; container && depth < 4; depth += 1, container = container.parentElement) {
      if (boxes.filter((other) => container!.contains(other)).length >= 4) break;
    }
    if (!container) continue;
    groups.set(container, [...(groups.get(container) ?? []), box]);
  }
  return [...groups.values()]
    .filter((inputs) => inputs.length >= 4 && inputs.length <= 8)
    .map((inputs) => ({ kind: 'split', inputs, score: 90 }));
}

/** The code fields of a document, the likeliest first (document order among equals). */
export function findCodeFields(root: Document): CodeField[] {
  const split = splitFields(root);
  const inSplit = new Set(split.flatMap((field) => (field.kind === 'split' ? field.inputs : [])));
  const singles: CodeField[] = Array.from(root.querySelectorAll('input'))
    .filter((input) => !inSplit.has(input))
    .map((input) => ({ kind: 'single' as const, input, score: scoreInput(input) }))
    .filter((field) => field.score >= THRESHOLD);
  return [...singles, ...split].sort((a, b) => b.score - a.score);
}

/** The field to fill: the one holding the focus when it is a candidate, else the likeliest. */
export function bestCodeField(root: Document): CodeField | undefined {
  const fields = findCodeFields(root);
  const active = root.activeElement;
  return (
    fields.find((field) =>
      field.kind === 'single' ? field.input === active : field.inputs.some((input) => input === active),
    ) ?? fields[0]
  );
}
