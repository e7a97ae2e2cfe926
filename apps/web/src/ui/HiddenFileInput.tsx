import { forwardRef } from 'react';

interface HiddenFileInputProps {
  readonly accept: string;
  /** The chosen file; the input is emptied so that choosing the same file again fires once more. */
  readonly onFile: (file: File) => void;
}

/** The invisible file chooser behind an upload button (the button calls `.click()` on its ref). */
export const HiddenFileInput = forwardRef<HTMLInputElement, HiddenFileInputProps>(function HiddenFileInput(
  { accept, onFile },
  ref,
) {
  return (
    <input
      ref={ref}
      type="file"
      accept={accept}
      hidden
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) onFile(file);
      }}
    />
  );
});
