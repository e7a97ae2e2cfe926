const KILOBYTE = 1024;
const MEGABYTE = 1024 * 1024;

/**
 * A byte count in the interface's language ("12,5 kB", "3,1 МБ", "١٫٢ م.ب"): Intl's own units,
 * so neither the number nor the unit is spelled in English. Counted in 1024s, as file managers do.
 */
export function formatSize(bytes: number, locale: string): string {
  const [value, unit] =
    bytes < KILOBYTE
      ? [bytes, 'byte']
      : bytes < MEGABYTE
        ? [bytes / KILOBYTE, 'kilobyte']
        : [bytes / MEGABYTE, 'megabyte'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}

/** Whole megabytes, for disk space. */
export function formatMegabytes(bytes: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 0 }).format(
    Math.floor(bytes / MEGABYTE),
  );
}
