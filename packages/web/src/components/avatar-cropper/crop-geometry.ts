/**
 * The avatar cropper's arithmetic (spec part 2 §5: crop output 200×200 PNG). The image is shown
 * in a square viewport, scaled to cover it at zoom 1; the user pans and zooms; what the viewport
 * shows is the crop. Offsets are the image's top-left corner relative to the viewport, in viewport
 * pixels, so they are 0 or negative.
 */

export interface Size {
  width: number;
  height: number;
}

export interface CropView {
  zoom: number;
  x: number;
  y: number;
}

/** A square of the source image, in image pixels. */
export interface SourceSquare {
  x: number;
  y: number;
  size: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

/** The avatar the server receives (spec part 2 §9). */
export const AVATAR_SIZE = 200;

/** Viewport pixels per image pixel: at zoom 1 the shorter side just fills the viewport. */
export function viewScale(image: Size, viewport: number, zoom: number): number {
  return (viewport / Math.min(image.width, image.height)) * zoom;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Keeps the image covering the whole viewport: no empty border can be cropped in. */
export function clampView(view: CropView, image: Size, viewport: number): CropView {
  const zoom = clamp(view.zoom, MIN_ZOOM, MAX_ZOOM);
  const scale = viewScale(image, viewport, zoom);
  return {
    zoom,
    x: clamp(view.x, viewport - image.width * scale, 0),
    y: clamp(view.y, viewport - image.height * scale, 0),
  };
}

/** Zoom 1, image centred: the largest centred square. */
export function initialView(image: Size, viewport: number): CropView {
  const scale = viewScale(image, viewport, MIN_ZOOM);
  return {
    zoom: MIN_ZOOM,
    x: (viewport - image.width * scale) / 2,
    y: (viewport - image.height * scale) / 2,
  };
}

/** Moves the image by a pointer's travel. */
export function panView(view: CropView, image: Size, viewport: number, dx: number, dy: number): CropView {
  return clampView({ ...view, x: view.x + dx, y: view.y + dy }, image, viewport);
}

/** Zooms keeping the image point under `anchor` (viewport pixels; default the centre) where it is. */
export function zoomView(
  view: CropView,
  image: Size,
  viewport: number,
  zoom: number,
  anchor = { x: viewport / 2, y: viewport / 2 },
): CropView {
  const before = viewScale(image, viewport, view.zoom);
  const after = viewScale(image, viewport, clamp(zoom, MIN_ZOOM, MAX_ZOOM));
  const imageX = (anchor.x - view.x) / before;
  const imageY = (anchor.y - view.y) / before;
  return clampView({ zoom, x: anchor.x - imageX * after, y: anchor.y - imageY * after }, image, viewport);
}

/** The part of the image the viewport shows: what goes into the avatar. */
export function sourceSquare(view: CropView, image: Size, viewport: number): SourceSquare {
  const scale = viewScale(image, viewport, view.zoom);
  return { x: -view.x / scale, y: -view.y / scale, size: viewport / scale };
}
