// Puts a code into a field the way typing would: the value through the element's own setter (so
// React's, Vue's and Angular's value tracking see a change), then the events frameworks listen to.
// A split field gets one character per box.
import type { CodeField } from './field-detect.js';

function setValue(input: HTMLInputElement, value: string): void {
  const view = input.ownerDocument.defaultView ?? window;
  // The prototype's own setter, called on the element (a framework's tracker shadows it on the element).
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const setter = Object.getOwnPropertyDescriptor(view.HTMLInputElement.prototype, 'value')?.set;
  if (setter) setter.call(input, value);
  else input.value = value;
}

function type(input: HTMLInputElement, value: string): void {
  const view = input.ownerDocument.defaultView ?? window;
  input.focus();
  const key = value.slice(-1);
  input.dispatchEvent(new view.KeyboardEvent('keydown', { key, bubbles: true }));
  setValue(input, value);
  input.dispatchEvent(new view.InputEvent('input', { bubbles: true, data: value, inputType: 'insertText' }));
  input.dispatchEvent(new view.KeyboardEvent('keyup', { key, bubbles: true }));
  input.dispatchEvent(new view.Event('change', { bubbles: true }));
}

/** Fills the field; a split field needs as many boxes as the code has characters. */
export function fillCode(field: CodeField, code: string): boolean {
  if (field.kind === 'single') {
    type(field.input, code);
    return true;
  }
  if (field.inputs.length !== code.length) return false;
  field.inputs.forEach((input, index) => type(input, code[index]!));
  return true;
}

/** Submits the field's form as a user pressing its button would (only when the user asked for it). */
export function submitFor(field: CodeField): void {
  const input = field.kind === 'single' ? field.input : field.inputs[field.inputs.length - 1]!;
  input.form?.requestSubmit();
}
