import { invalid } from './field-errors.js';

/** A multipart file field read as bytes (`attachFieldsToBody: 'keyValues'`): 422 when absent or not a file. */
export function uploadedFile(
  value: unknown,
  field: string,
  notAFileKey: 'validation.file' | 'validation.image',
) {
  if (value === undefined || value === null || value === '') throw invalid(field, 'validation.required');
  if (!Buffer.isBuffer(value)) throw invalid(field, notAFileKey);
  return value;
}
