import { describe, expect, it } from 'vitest';
import {
  clampView,
  initialView,
  MAX_ZOOM,
  panView,
  sourceSquare,
  viewScale,
  zoomView,
} from '../../src/components/avatar-cropper/crop-geometry.ts';
import { avatarFileProblem } from '../../src/components/avatar-cropper/avatar-file.ts';

const wide = { width: 800, height: 400 };
const VIEWPORT = 200;

describe('avatar crop geometry (spec part 2 §5: 200×200)', () => {
  it('starts with the largest centred square', () => {
    const view = initialView(wide, VIEWPORT);
    expect(view).toEqual({ zoom: 1, x: -100, y: 0 });
    const square = sourceSquare(view, wide, VIEWPORT);
    expect([square.x, square.y, square.size].map((n) => n + 0)).toEqual([200, 0, 400]);
  });

  it('never lets an empty border into the crop', () => {
    const view = initialView(wide, VIEWPORT);
    expect(panView(view, wide, VIEWPORT, 500, 30)).toEqual({ zoom: 1, x: 0, y: 0 });
    expect(panView(view, wide, VIEWPORT, -500, -30)).toEqual({ zoom: 1, x: -200, y: 0 });
    expect(clampView({ zoom: 9, x: 0, y: 0 }, wide, VIEWPORT).zoom).toBe(MAX_ZOOM);
    expect(clampView({ zoom: 0.2, x: 0, y: 0 }, wide, VIEWPORT).zoom).toBe(1);
  });

  it('zooms around the centre, keeping the point there in place', () => {
    const view = initialView(wide, VIEWPORT);
    const zoomed = zoomView(view, wide, VIEWPORT, 2);
    const square = sourceSquare(zoomed, wide, VIEWPORT);
    expect(square.size).toBe(200);
    // The centre of the image (400, 200) stays the centre of the crop.
    expect(square.x + square.size / 2).toBeCloseTo(400);
    expect(square.y + square.size / 2).toBeCloseTo(200);
  });

  it('zooms around a pointer', () => {
    const view = initialView(wide, VIEWPORT);
    const anchor = { x: 50, y: 50 };
    const before = viewScale(wide, VIEWPORT, view.zoom);
    const zoomed = zoomView(view, wide, VIEWPORT, 3, anchor);
    const after = viewScale(wide, VIEWPORT, zoomed.zoom);
    expect((anchor.x - zoomed.x) / after).toBeCloseTo((anchor.x - view.x) / before);
    expect((anchor.y - zoomed.y) / after).toBeCloseTo((anchor.y - view.y) / before);
  });

  it('crops inside the image at every zoom and pan', () => {
    for (const zoom of [1, 1.5, 2.75, 4]) {
      for (const [dx, dy] of [
        [0, 0],
        [999, 999],
        [-999, -999],
        [37, -12],
      ]) {
        const view = panView(
          zoomView(initialView(wide, VIEWPORT), wide, VIEWPORT, zoom),
          wide,
          VIEWPORT,
          dx!,
          dy!,
        );
        const square = sourceSquare(view, wide, VIEWPORT);
        expect(square.x).toBeGreaterThanOrEqual(-1e-9);
        expect(square.y).toBeGreaterThanOrEqual(-1e-9);
        expect(square.x + square.size).toBeLessThanOrEqual(wide.width + 1e-9);
        expect(square.y + square.size).toBeLessThanOrEqual(wide.height + 1e-9);
      }
    }
  });
});

describe('avatar file check (spec part 2 §5)', () => {
  it('accepts the listed types up to 2 MB', () => {
    expect(avatarFileProblem({ name: 'me.PNG', size: 1000 })).toBeNull();
    expect(avatarFileProblem({ name: 'me.webp', size: 2 * 1024 * 1024 })).toBeNull();
    expect(avatarFileProblem({ name: 'me.svg', size: 1000 })).toBe('type');
    expect(avatarFileProblem({ name: 'noextension', size: 1000 })).toBe('type');
    expect(avatarFileProblem({ name: 'me.jpg', size: 2 * 1024 * 1024 + 1 })).toBe('size');
  });
});
