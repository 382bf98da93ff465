/*
 * Reads QR codes from the camera for the pickup desk: the browser's BarcodeDetector where it
 * has one that reads QR codes, jsQR (pure JavaScript, loaded only when needed) otherwise
 * (docs/decisions/035). The camera is asked for only when the organiser starts a scan.
 */

type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
type DetectorClass = { new (options: { formats: string[] }): Detector; getSupportedFormats?: () => Promise<string[]> };

// A frame every 150 ms is enough for a code held up to a phone, and leaves the phone's CPU alone.
const SCAN_INTERVAL_MS = 150;
// Frames are read at most this wide: enough for a code that fills a fifth of the picture.
const MAX_FRAME_WIDTH = 640;

async function nativeDetector(): Promise<Detector | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const formats = (await Native.getSupportedFormats?.()) ?? [];
    return formats.includes('qr_code') ? new Native({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

/** A reader of video frames with jsQR, on a canvas of its own. */
async function jsQrReader(): Promise<(video: HTMLVideoElement) => string | null> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return (video) => {
    if (!context || video.videoWidth === 0) return null;
    const scale = Math.min(1, MAX_FRAME_WIDTH / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

export type Scan = { stop: () => void };

/**
 * Shows the back camera in `video` and calls onText with each code's text until stop(). Rejects
 * when there is no camera or the organiser refuses it.
 */
export async function startScan(video: HTMLVideoElement, onText: (text: string) => void): Promise<Scan> {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
  try {
    video.srcObject = stream;
    await video.play();
    const detector = await nativeDetector();
    const read = detector ? null : await jsQrReader();
    const tick = async () => {
      if (stopped) return;
      try {
        const text = detector ? ((await detector.detect(video))[0]?.rawValue ?? null) : read!(video);
        if (text && !stopped) onText(text);
      } catch {
        // A frame that cannot be read (the video is between sizes): the next one is tried.
      }
      if (!stopped) timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
    };
    // The first frame is read after this call has answered: a code read at once can then stop the scan it belongs to.
    timer = setTimeout(() => void tick(), 0);
  } catch (error) {
    stop();
    throw error;
  }
  return { stop };
}
