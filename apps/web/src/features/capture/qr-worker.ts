import jsQR from 'jsqr';

/** Decodes video frames off the main thread, so the camera view never janks. */
interface Frame {
  readonly pixels: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
}

// Dark-on-light and light-on-dark codes are tried on alternate frames: half the work per frame.
let invert = false;

self.onmessage = (event: MessageEvent<Frame>) => {
  const { pixels, width, height } = event.data;
  invert = !invert;
  const result = jsQR(pixels, width, height, { inversionAttempts: invert ? 'onlyInvert' : 'dontInvert' });
  self.postMessage(result ? { found: true, data: result.data } : { found: false });
};
