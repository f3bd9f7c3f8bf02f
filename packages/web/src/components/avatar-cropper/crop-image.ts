import { AVATAR_SIZE, type SourceSquare } from './crop-geometry';

/** Draws the chosen square of the image at AVATAR_SIZE on a canvas (spec part 2 §5: 200×200 PNG). */
export function drawCrop(canvas: HTMLCanvasElement, image: CanvasImageSource, square: SourceSquare): void {
  const context = canvas.getContext('2d');
  if (!context) return;
  context.imageSmoothingQuality = 'high';
  context.clearRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, square.x, square.y, square.size, square.size, 0, 0, canvas.width, canvas.height);
}

/** The cropped avatar as a PNG file. */
export function cropToPng(image: CanvasImageSource, square: SourceSquare): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_SIZE;
  canvas.height = AVATAR_SIZE;
  drawCrop(canvas, image, square);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The canvas gave no image'))),
      'image/png',
    );
  });
}
