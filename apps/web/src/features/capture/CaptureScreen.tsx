import { useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../ui/Spinner';
import { useScannedData } from '../../entities/account/scanned';
import { UploadInstead } from './UploadInstead';

/** The camera failures the capture screen explains, each with a reason and a solution. */
export type CameraFailure =
  'notAllowed' | 'notReadable' | 'notFound' | 'insecure' | 'unsuitable' | 'unsupported';

export function cameraFailure(error: unknown): CameraFailure {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'notAllowed';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'notReadable';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return 'notFound';
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return 'unsuitable';
    default:
      return 'unsupported';
  }
}

interface DetectedBarcode {
  readonly rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/** The browser's own QR detector when it has one (fast, native); else jsQR in a worker. */
type Decode = (video: HTMLVideoElement, canvas: HTMLCanvasElement) => Promise<string | null>;

async function createDecoder(): Promise<{ decode: Decode; dispose: () => void }> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Detector) {
    const formats: string[] = await Detector.getSupportedFormats().catch(() => []);
    if (formats.includes('qr_code')) {
      const detector = new Detector({ formats: ['qr_code'] });
      return {
        decode: async (video) => {
          const codes = await detector.detect(video);
          return codes[0] ? codes[0].rawValue : null;
        },
        dispose: () => undefined,
      };
    }
  }
  const worker = new Worker(new URL('./qr-worker.ts', import.meta.url), { type: 'module' });
  const decode: Decode = (video, canvas) => {
    // Frames are scaled down: QR codes stay readable and decoding stays cheap.
    const scale = Math.min(1, 720 / Math.max(video.videoWidth, video.videoHeight));
    const width = Math.max(1, Math.round(video.videoWidth * scale));
    const height = Math.max(1, Math.round(video.videoHeight * scale));
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return Promise.resolve(null);
    context.drawImage(video, 0, 0, width, height);
    const { data } = context.getImageData(0, 0, width, height);
    return new Promise((resolve) => {
      worker.onmessage = (event: MessageEvent<{ found: boolean; data?: string }>) =>
        resolve(event.data.found ? (event.data.data ?? '') : null);
      worker.onerror = () => resolve(null);
      worker.postMessage({ pixels: data, width, height }, [data.buffer]);
    });
  };
  return { decode, dispose: () => worker.terminate() };
}

/** Full-screen live scan. */
export function CaptureScreen() {
  const { t } = useTranslation('capture');
  const navigate = useNavigate();
  const router = useRouter();
  const handleScanned = useScannedData();
  // The camera starts once per visit; the latest handler is read when a code is found.
  const onScanned = useEffectEvent(handleScanned);
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [ready, setReady] = useState(false);
  const [failure, setFailure] = useState<CameraFailure | null>(null);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let dispose = () => {};
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
      dispose();
    };

    async function run() {
      if (!window.isSecureContext) return setFailure('insecure');
      if (!navigator.mediaDevices?.getUserMedia) return setFailure('unsupported');
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch (error) {
        if (!stopped) setFailure(cameraFailure(error));
        return;
      }
      const element = video.current;
      if (stopped || !element) return stop();
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      const decoder = await createDecoder();
      dispose = decoder.dispose;
      if (stopped) return dispose();
      const { decode } = decoder;
      setReady(true);
      const tick = async () => {
        if (stopped || !video.current || !canvas.current) return;
        if (video.current.readyState >= 2) {
          const data = await decode(video.current, canvas.current).catch(() => null);
          if (stopped) return;
          if (data !== null) {
            stop();
            if (!onScanned(data)) setTimeout(() => router.history.back(), 0);
            return;
          }
        }
        timer = setTimeout(() => void tick(), 120);
      };
      void tick();
    }
    void run();
    return stop;
  }, [router]);

  const cancel = () => {
    if (window.history.length > 1) router.history.back();
    else void navigate({ to: '/start' });
  };

  return (
    <section className="capture-screen" aria-labelledby="capture-title">
      <h1 id="capture-title" className="visually-hidden">
        {t('title')}
      </h1>
      <video ref={video} className="capture-video" muted playsInline aria-hidden="true" />
      <canvas ref={canvas} hidden />
      {!ready && !failure && (
        <div className="capture-overlay">
          <Spinner label={t('starting')} />
        </div>
      )}
      {ready && (
        <div className="capture-frame" aria-hidden="true">
          <span />
        </div>
      )}
      {ready && <p className="capture-hint">{t('hint')}</p>}
      {failure && (
        <div className="capture-overlay capture-failure" role="alert">
          <h2>{t(`failures.${failure}.reason`)}</h2>
          <p>{t(`failures.${failure}.solution`)}</p>
        </div>
      )}
      <div className="capture-actions">
        {failure && <UploadInstead onDecoded={(data) => void handleScanned(data)} />}
        <button type="button" className="button" onClick={cancel}>
          {t('cancel')}
        </button>
      </div>
    </section>
  );
}
