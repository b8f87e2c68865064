import { Icon } from '../../../components/ui/icon.tsx';

/** The profile picture, or a placeholder when there is none. */
export function ProfilePhoto({
  src,
  alt,
  size = 'size-24',
}: {
  src: string | null;
  alt: string;
  size?: string;
}) {
  if (!src) {
    return (
      <span
        role="img"
        aria-label={alt}
        className={`${size} inline-flex shrink-0 items-center justify-center rounded-full bg-surface text-muted ring-1 ring-line`}
      >
        <Icon name="user" className="size-1/2" />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={96}
      height={96}
      className={`${size} shrink-0 rounded-full bg-surface object-cover ring-1 ring-line`}
    />
  );
}
