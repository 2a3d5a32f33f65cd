/** Cuts the chosen area out of an image and saves it as JPEG, as the New Photo form posts it. */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

function loadImage(source: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('This file is not an image'));
    image.src = source;
  });
}

export async function cropToJpeg(source: string, area: PixelArea, quality = 0.92): Promise<Blob> {
  const image = await loadImage(source);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(area.width);
  canvas.height = Math.round(area.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Upload failed. Please try again.');
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('Upload failed. Please try again.'))),
      'image/jpeg',
      quality,
    ),
  );
}
