/**
 * The slide verification's arithmetic (spec part 1 §4). The server's images are drawn at their
 * natural size when they fit and scaled down on narrow screens; the answer is always sent in
 * background pixels (the server's slide.ts).
 */

/** Display scale of the background in a container of `containerWidth` pixels: never enlarged. */
export function slideScale(containerWidth: number, imageWidth: number): number {
  if (containerWidth <= 0 || imageWidth <= 0) return 1;
  return Math.min(1, containerWidth / imageWidth);
}

/** The furthest the piece may go (display pixels): its right edge on the background's right edge. */
export function maxPieceLeft(imageWidth: number, pieceSize: number, scale: number): number {
  return Math.max(0, (imageWidth - pieceSize) * scale);
}

/** Where the piece is while dragged: where it started plus the pointer's travel, kept on the track. */
export function draggedLeft(
  startLeft: number,
  startPointerX: number,
  pointerX: number,
  maxLeft: number,
): number {
  return Math.min(maxLeft, Math.max(0, startLeft + pointerX - startPointerX));
}

/** The login's `slideX`: the piece's left offset in background pixels. */
export function slideAnswer(left: number, scale: number): number {
  return Math.round(left / scale);
}
