import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { ProductImage } from './product-image.tsx';

/** A category or brand: its image and name, linking to its products. */
export function MediaCard({ to, name, image }: { to: string; name: string; image: string }) {
  return (
    <ShopLink
      to={to}
      className="flex h-full flex-col items-center gap-2 rounded-2xl border border-line bg-white p-3 text-center transition-shadow hover:border-primary hover:shadow-md sm:gap-3 sm:p-4"
    >
      <ProductImage
        src={image}
        alt=""
        width={96}
        height={96}
        className="size-14 rounded-xl bg-transparent sm:size-20"
      />
      <span className="text-xs font-semibold sm:text-sm">{name}</span>
    </ShopLink>
  );
}

export function MediaGrid({ items }: { items: { to: string; name: string; image: string; key: number }[] }) {
  return (
    <ul className="grid grid-cols-3 gap-2 sm:gap-3 md:grid-cols-4 xl:grid-cols-5">
      {items.map((item) => (
        <li key={item.key}>
          <MediaCard to={item.to} name={item.name} image={item.image} />
        </li>
      ))}
    </ul>
  );
}
