// Where to look for a QR code in a large image, in order: shared by the server's image reader
// and the browser extension's page scan (browser-safe: no image library).

/** A rectangle of the image, in its pixels. */
export interface Region {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** Most square crops tried along the long side of a tall or wide image. */
const MAX_CROPS = 6;

/**
 * The scans to try, in order: the whole image at `scanSize` on its longest side, then at half and
 * a quarter of it (only when that really scales down), then square crops as wide as the short side
 * along the long side, overlapping by half, each at its own resolution (at most `scanSize`): a
 * full-size phone screenshot (1179 × 2556) holds a small, dense code that a whole-image scale
 * blurs away.
 */
export function scanPlan(
  width: number,
  height: number,
  scanSize: number,
): { readonly size: number; readonly region?: Region }[] {
  const plan: { size: number; region?: Region }[] = [{ size: scanSize }];
  for (const size of [Math.round(scanSize / 2), Math.round(scanSize / 4)])
    if (Math.max(width, height) > size && size >= 64) plan.push({ size });
  const side = Math.min(width, height);
  const long = Math.max(width, height);
  if (long - side < side / 4) return plan;
  const count = Math.min(MAX_CROPS, Math.ceil((long - side) / (side / 2)) + 1);
  for (let i = 0; i < count; i++) {
    const offset = Math.round(((long - side) * i) / (count - 1));
    const region =
      width >= height
        ? { left: offset, top: 0, width: side, height: side }
        : { left: 0, top: offset, width: side, height: side };
    plan.push({ size: Math.min(scanSize, side), region });
  }
  return plan;
}
