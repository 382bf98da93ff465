import jsQR from 'jsqr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@/testing/render';
import { mockAdminApi, signInStored } from '../testing/admin-fixtures';
import { PICKUP_MESSAGES, PickupTab } from './pickup-tab';

// The camera and the browser's BarcodeDetector are the browser's, outside the product: fakes here.
// Linux Chromium has no BarcodeDetector, so the browser test drives only the jsQR path
// (e2e/order-page.e2e.test.ts); this one drives the detector's, and the camera's refusals.

vi.mock('jsqr', () => ({ default: vi.fn(() => null) }));

const NUMBER = 'GOS-20250724-K7QX9M';
const PAGE_ADDRESS = `https://game-of-slavs.example/shop/bestellung/${NUMBER}?t=${'a'.repeat(43)}`;
const order = {
  id: 7,
  orderNumber: NUMBER,
  firstName: 'Mila',
  lastName: 'Wachnase',
  createdAt: '2025-07-24T10:00:00.000Z',
  updatedAt: '2025-07-24T10:00:00.000Z',
  status: 'pending',
  items: JSON.stringify([{ id: 3, title: 'Trinkhorn', variant: '0,5 l', quantity: 2, price: 1800 }]),
  lines: [{ id: 3, title: 'Trinkhorn', variant: '0,5 l', quantity: 2, price: 1800 }],
  total: 3600,
  history: [],
};

type FakeTrack = { stop: ReturnType<typeof vi.fn> };

/** A camera whose picture is never looked at: what getUserMedia hands out, and its one track. */
function fakeCamera() {
  const track: FakeTrack = { stop: vi.fn() };
  const getUserMedia = vi.fn(async (_constraints: MediaStreamConstraints) => ({ getTracks: () => [track] }) as unknown as MediaStream);
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  return { getUserMedia, track };
}

/** A BarcodeDetector that reads the shopper's QR code in the first frame it is shown. */
function fakeBarcodeDetector(formats: string[]) {
  const created: { formats: string[] }[] = [];
  const detect = vi.fn(async (_source: unknown) => [{ rawValue: PAGE_ADDRESS }]);
  class FakeBarcodeDetector {
    static getSupportedFormats = async () => formats;
    detect = detect;
    constructor(options: { formats: string[] }) {
      created.push(options);
    }
  }
  vi.stubGlobal('BarcodeDetector', FakeBarcodeDetector);
  return { created, detect };
}

describe('PickupTab’s camera', () => {
  beforeEach(() => {
    localStorage.clear();
    signInStored();
    // jsdom plays no video.
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    mockAdminApi({ [`GET /admin/shop/pickup/${NUMBER}`]: { success: true, order } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.mocked(jsQR).mockClear();
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it('asks for the camera only when a scan starts, reads the QR code with the browser’s BarcodeDetector and lets the camera go', async () => {
    const { getUserMedia, track } = fakeCamera();
    const { created, detect } = fakeBarcodeDetector(['ean_13', 'qr_code']);
    render(<PickupTab />);
    await screen.findByLabelText('Order number');
    expect(getUserMedia).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Scan QR code' }));
    expect(await screen.findByRole('heading', { level: 2, name: NUMBER })).toBeInTheDocument();
    expect(screen.getByText('Mila Wachnase')).toBeInTheDocument();
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(getUserMedia.mock.calls[0][0]).toEqual({ video: { facingMode: 'environment' }, audio: false });
    expect(created).toEqual([{ formats: ['qr_code'] }]);
    expect(detect).toHaveBeenCalledWith(screen.getByLabelText('Camera picture for scanning'));
    // jsQR is neither needed nor loaded where the browser reads codes itself.
    expect(jsQR).not.toHaveBeenCalled();
    // One reading is enough: the camera is off again, and the scan button back.
    expect(track.stop).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Scan QR code' })).toBeInTheDocument();
  });

  it('reads with jsQR when the browser’s BarcodeDetector reads no QR codes', async () => {
    const { track } = fakeCamera();
    const { created, detect } = fakeBarcodeDetector(['ean_13']);
    vi.mocked(jsQR).mockReturnValue({ data: PAGE_ADDRESS } as ReturnType<typeof jsQR>);
    vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(640);
    vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(480);
    const frame = { drawImage: vi.fn(), getImageData: (_x: number, _y: number, width: number, height: number) => ({ data: new Uint8ClampedArray(width * height * 4), width, height }) };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(frame as unknown as CanvasRenderingContext2D);
    render(<PickupTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Scan QR code' }));
    expect(await screen.findByRole('heading', { level: 2, name: NUMBER })).toBeInTheDocument();
    expect(created).toEqual([]);
    expect(detect).not.toHaveBeenCalled();
    expect(jsQR).toHaveBeenCalledWith(expect.any(Uint8ClampedArray), 640, 480, { inversionAttempts: 'dontInvert' });
    expect(track.stop).toHaveBeenCalled();
  });

  it('lets the camera go when the organiser stops before it has started', async () => {
    const { getUserMedia, track } = fakeCamera();
    let allow!: () => void;
    const asked = new Promise<void>((resolve) => (allow = resolve));
    getUserMedia.mockImplementation(async () => {
      await asked;
      return { getTracks: () => [track] } as unknown as MediaStream;
    });
    const { detect } = fakeBarcodeDetector(['qr_code']);
    render(<PickupTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Scan QR code' }));
    // The browser still asks for permission: the organiser changes their mind.
    fireEvent.click(screen.getByRole('button', { name: 'Stop camera' }));
    allow();
    await waitFor(() => expect(track.stop).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Scan QR code' })).toBeInTheDocument();
    expect(screen.getByLabelText('Camera picture for scanning')).not.toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(detect).not.toHaveBeenCalled();
  });

  it.each([
    ['the organiser refuses the camera', new DOMException('Permission denied', 'NotAllowedError'), PICKUP_MESSAGES.cameraRefused],
    ['the device has no camera', new DOMException('Requested device not found', 'NotFoundError'), PICKUP_MESSAGES.noCamera],
    ['the camera is busy elsewhere', new DOMException('Could not start video source', 'NotReadableError'), PICKUP_MESSAGES.cameraFailed],
  ])('says so when %s, and the number can still be typed', async (_case, refusal, message) => {
    const { getUserMedia } = fakeCamera();
    getUserMedia.mockRejectedValue(refusal);
    const { detect } = fakeBarcodeDetector(['qr_code']);
    render(<PickupTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Scan QR code' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(detect).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Camera picture for scanning')).not.toBeVisible();

    fireEvent.change(screen.getByLabelText('Order number'), { target: { value: NUMBER.toLowerCase() } });
    fireEvent.click(screen.getByRole('button', { name: 'Open order' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: NUMBER })).toBeInTheDocument());
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });
});
