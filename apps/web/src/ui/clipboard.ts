import { notify } from './notify';

/** Copies a text and says so ('copied to clipboard'), or says why it could not. */
export async function copyToClipboard(
  text: string,
  messages: { copied: string; failed: string },
): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    notify('success', messages.copied);
    return true;
  } catch {
    notify('danger', messages.failed);
    return false;
  }
}
