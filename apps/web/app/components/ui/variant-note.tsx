/**
 * Which variant a line is: its option values as bought ("256 GB · Blue") and its SKU, in one
 * muted line under the product's name. The SKU is isolated so that it reads left to right in
 * Arabic text.
 */
export function VariantNote({
  options,
  sku,
  className = '',
}: {
  options?: string | undefined;
  sku: string;
  className?: string;
}) {
  return (
    <p className={`text-sm text-muted ${className}`}>
      {options && <span className="text-ink">{options} · </span>}
      <bdi className="font-mono text-xs">{sku}</bdi>
    </p>
  );
}
