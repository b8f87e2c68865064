import type { ImgHTMLAttributes } from 'react';

/**
 * A catalog image (a stored path under /uploads, same origin). Width and height are always
 * given so the page does not shift while images load.
 */
export function ProductImage({
  src,
  alt,
  width,
  height,
  className = '',
  ...props
}: { src: string; alt: string; width: number; height: number } & Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'alt' | 'width' | 'height'
>) {
  return (
    <img
      src={src || undefined}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      className={`bg-surface object-contain ${className}`}
      {...props}
    />
  );
}
