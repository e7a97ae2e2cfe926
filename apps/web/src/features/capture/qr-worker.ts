import jsQR from 'jsqr';

/** Decodes video frames off the main thread, so the camera view never janks. */
interface Frame {
  readonly pixels: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
}

// Light-on-dark codes are looked for on every third frame only: inverting doubles the work.
// (jsQR's 'onlyInvert' mode throws in 1.4.0, hence 'attemptBoth'.)
let frame = 0;

self.onmessage = (event: MessageEvent<Frame>) => {
  const { pixels, width, height } = event.data;
  frame += 1;
  try {
    const result = jsQR(pixels, width, height, {
      inversionAttempts: frame % 3 === 0 ? 'attemptBoth' : 'dontInvert',
    });
    self.postMessage(result ? { found: true, data: result.data } : { found: false });
  } catch {
    self.postMessage({ found: false });
  }
};
