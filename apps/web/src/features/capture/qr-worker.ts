import jsQR from 'jsqr';

/** Decodes video frames off the main thread, so the camera view never janks. */
interface Frame {
  readonly pixels: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
}

self.onmessage = (event: MessageEvent<Frame>) => {
  const { pixels, width, height } = event.data;
  const result = jsQR(pixels, width, height, { inversionAttempts: 'attemptBoth' });
  self.postMessage(result ? { found: true, data: result.data } : { found: false });
};
