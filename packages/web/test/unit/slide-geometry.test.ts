import { SLIDE } from '@verdict/shared';
import { describe, expect, it } from 'vitest';
import {
  draggedLeft,
  maxPieceLeft,
  slideAnswer,
  slideScale,
} from '../../src/components/slide-verify/slide-geometry.ts';

describe('slide verification geometry (spec part 1 §4)', () => {
  it('shows the picture at its size when it fits, smaller when it does not, never larger', () => {
    expect(slideScale(352, SLIDE.width)).toBe(1);
    expect(slideScale(240, SLIDE.width)).toBe(0.8);
    expect(slideScale(0, SLIDE.width)).toBe(1); // not measured yet
  });

  it('keeps the piece on the picture while dragging', () => {
    const max = maxPieceLeft(SLIDE.width, SLIDE.pieceSize, 1);
    expect(max).toBe(256);
    expect(draggedLeft(0, 100, 180, max)).toBe(80);
    expect(draggedLeft(0, 100, 40, max)).toBe(0);
    expect(draggedLeft(0, 100, 900, max)).toBe(256);
    expect(draggedLeft(50, 100, 110, max)).toBe(60);
    expect(maxPieceLeft(SLIDE.width, SLIDE.pieceSize, 0.8)).toBeCloseTo(204.8);
  });

  it('answers in background pixels whatever the display scale', () => {
    expect(slideAnswer(120, 1)).toBe(120);
    expect(slideAnswer(96, 0.8)).toBe(120);
    expect(slideAnswer(96.3, 0.8)).toBe(120);
  });
});
