import { ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Modal, Slider, Spin, Typography } from 'antd';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type WheelEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../feedback/toast';
import { useElementWidth } from '../use-element-width';
import './avatar-cropper.css';
import {
  MAX_ZOOM,
  MIN_ZOOM,
  initialView,
  panView,
  sourceSquare,
  viewScale,
  zoomView,
  type CropView,
} from './crop-geometry';
import { cropToPng, drawCrop } from './crop-image';

interface AvatarCropperProps {
  /** The chosen image; the dialog is open while there is one. */
  file: File | null;
  onCancel(): void;
  /** Receives the 200×200 PNG; the dialog waits (and shows it) until this settles. */
  onCropped(png: Blob): Promise<void>;
}

const VIEWPORT_MAX = 300;
const PREVIEW_SIZE = 96;
const KEY_PAN = 8;
const WHEEL_ZOOM_STEP = 0.0015;

/** Loads the file as an image element; null until it has loaded. */
function useLoadedImage(file: File | null, onError: () => void): HTMLImageElement | null {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  useEffect(() => {
    setImage(null);
    if (!file) return;
    const url = URL.createObjectURL(file);
    const element = new Image();
    element.onload = () => setImage(element);
    element.onerror = () => onErrorRef.current();
    element.src = url;
    return () => {
      element.onload = null;
      element.onerror = null;
      URL.revokeObjectURL(url);
    };
  }, [file]);

  return image;
}

/**
 * Crops the chosen picture to a square avatar (spec part 2 §5: 200×200 PNG, drawn on a canvas):
 * drag to move, wheel or slider to zoom, arrow keys to nudge.
 */
export function AvatarCropper({ file, onCancel, onCropped }: AvatarCropperProps) {
  const { t } = useTranslation();
  const [stageRef, stageWidth] = useElementWidth<HTMLDivElement>();
  const previewRef = useRef<HTMLCanvasElement>(null);
  const viewport = Math.min(VIEWPORT_MAX, stageWidth || VIEWPORT_MAX);
  const image = useLoadedImage(file, () => {
    toast.error(t('setting.avatar.loadFailed'));
    onCancel();
  });
  const [view, setView] = useState<CropView>({ zoom: 1, x: 0, y: 0 });
  const [uploading, setUploading] = useState(false);
  const lastPointer = useRef<{ id: number; x: number; y: number } | null>(null);

  const size = image ? { width: image.naturalWidth, height: image.naturalHeight } : null;

  // A new picture (or a new viewport size) starts centred at zoom 1.
  useEffect(() => {
    if (image) setView(initialView({ width: image.naturalWidth, height: image.naturalHeight }, viewport));
  }, [image, viewport]);

  // The preview shows exactly what will be uploaded.
  useEffect(() => {
    if (image && size && previewRef.current)
      drawCrop(previewRef.current, image, sourceSquare(view, size, viewport));
  });

  const pan = (dx: number, dy: number) =>
    size && setView((current) => panView(current, size, viewport, dx, dy));
  const zoomTo = (zoom: number, anchor?: { x: number; y: number }) =>
    size && setView((current) => zoomView(current, size, viewport, zoom, anchor));

  const pointer = {
    onPointerDown(event: PointerEvent<HTMLDivElement>) {
      event.currentTarget.setPointerCapture(event.pointerId);
      lastPointer.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerMove(event: PointerEvent<HTMLDivElement>) {
      const last = lastPointer.current;
      if (!last || last.id !== event.pointerId) return;
      pan(event.clientX - last.x, event.clientY - last.y);
      lastPointer.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerUp() {
      lastPointer.current = null;
    },
    onWheel(event: WheelEvent<HTMLDivElement>) {
      const box = event.currentTarget.getBoundingClientRect();
      zoomTo(view.zoom * (1 - event.deltaY * WHEEL_ZOOM_STEP), {
        x: event.clientX - box.left,
        y: event.clientY - box.top,
      });
    },
    onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
      const moves: Record<string, [number, number]> = {
        ArrowLeft: [KEY_PAN, 0],
        ArrowRight: [-KEY_PAN, 0],
        ArrowUp: [0, KEY_PAN],
        ArrowDown: [0, -KEY_PAN],
      };
      const move = moves[event.key];
      if (!move) return;
      event.preventDefault();
      pan(...move);
    },
  };

  const upload = async () => {
    if (!image || !size) return;
    setUploading(true);
    try {
      await onCropped(await cropToPng(image, sourceSquare(view, size, viewport)));
    } finally {
      setUploading(false);
    }
  };

  const scale = size ? viewScale(size, viewport, view.zoom) : 1;

  return (
    <Modal
      open={file !== null}
      title={t('setting.avatar.cropTitle')}
      okText={t('setting.avatar.upload')}
      cancelText={t('setting.cancel')}
      onOk={() => void upload()}
      onCancel={onCancel}
      okButtonProps={{ loading: uploading, disabled: !image }}
      cancelButtonProps={{ disabled: uploading }}
      destroyOnHidden
      centered
      width={420}
    >
      <div className="avatar-cropper" ref={stageRef}>
        <div
          {...pointer}
          className="avatar-cropper-viewport"
          style={{ width: viewport, height: viewport }}
          role="img"
          tabIndex={0}
          aria-label={t('setting.avatar.cropArea')}
        >
          {image && size ? (
            <img
              src={image.src}
              alt=""
              draggable={false}
              style={{ left: view.x, top: view.y, width: size.width * scale, height: size.height * scale }}
            />
          ) : (
            <Spin className="avatar-cropper-loading" />
          )}
          <div className="avatar-cropper-guide" />
        </div>
        <div className="avatar-cropper-zoom">
          <ZoomOutOutlined />
          <Slider
            min={MIN_ZOOM}
            max={MAX_ZOOM}
            step={0.01}
            value={view.zoom}
            onChange={(zoom) => zoomTo(zoom)}
            tooltip={{ formatter: (zoom) => `${Math.round((zoom ?? 1) * 100)}%` }}
            aria-label={t('setting.avatar.zoom')}
          />
          <ZoomInOutlined />
        </div>
        <div className="avatar-cropper-preview">
          <canvas ref={previewRef} width={PREVIEW_SIZE} height={PREVIEW_SIZE} />
          <Typography.Text type="secondary">{t('setting.avatar.preview')}</Typography.Text>
        </div>
      </div>
    </Modal>
  );
}
