import { index, layout, route, type RouteConfigEntry, type RouteConfig } from '@react-router/dev/routes';

/**
 * Every page exists twice: Arabic at `/path` (the default) and English at `/en/path`, served by
 * the same module. Route ids carry the language so both can be matched and typed.
 * (docs/decisions/031-storefront-languages-and-urls.md)
 *
 * To add a page: add one `...page('path', 'routes/file.tsx')` line below.
 */
/** A page in both languages; `name` tells apart two paths served by one file. */
function page(path: string, file: string, name?: string): RouteConfigEntry[] {
  const id = name ?? file.replace(/^routes\//, '').replace(/\.tsx?$/, '');
  if (path === '') return [index(file, { id: `ar/${id}` }), route('en', file, { id: `en/${id}` })];
  return [route(path, file, { id: `ar/${id}` }), route(`en/${path}`, file, { id: `en/${id}` })];
}

export default [
  route('robots.txt', 'routes/robots-txt.ts'),
  route('sitemap.xml', 'routes/sitemap-xml.ts'),

  // The back office (apps/web/app/features/dashboard/README.md): outside the shop's layout.
  // Signing in, setting a password and signing out work without a session.
  ...page('dashboard/login', 'routes/dashboard-login.tsx'),
  ...page('dashboard/set-password', 'routes/dashboard-set-password.tsx'),
  ...page('dashboard/sign-out', 'routes/dashboard-sign-out.tsx'),
  // Every other back-office page is inside the guarded layout; add yours to your area's block.
  layout('routes/dashboard-layout.tsx', { id: 'dashboard-layout' }, [
    // overview and customers
    ...page('dashboard', 'routes/dashboard-home.tsx'),
    ...page('dashboard/customers', 'routes/dashboard-customers.tsx'),
    ...page('dashboard/customers/:id', 'routes/dashboard-customer.tsx'),

    // orders
    ...page('dashboard/orders', 'routes/dashboard-orders.tsx'),
    ...page('dashboard/orders/:ref', 'routes/dashboard-order.tsx'),
    ...page('dashboard/orders/:ref/invoice', 'routes/dashboard-order-invoice.tsx'),
    ...page('dashboard/orders/:ref/packing-slip', 'routes/dashboard-order-packing-slip.tsx'),
    ...page('dashboard/returns', 'routes/dashboard-returns.tsx'),
    ...page('dashboard/reviews', 'routes/dashboard-reviews.tsx'),

    // e-invoices (ZATCA phase 2)
    ...page('dashboard/einvoices', 'routes/dashboard-einvoices.tsx'),
    ...page('dashboard/einvoices/onboarding', 'routes/dashboard-einvoices-onboarding.tsx'),
    ...page('dashboard/orders/:ref/einvoices', 'routes/dashboard-order-einvoices.tsx'),
    // refunds and credit notes
    ...page('dashboard/orders/:id/refund', 'routes/dashboard-order-refund.tsx'),
    ...page('dashboard/orders/:id/credit-notes/:refundId', 'routes/dashboard-credit-note.tsx'),

    // catalog
    ...page('dashboard/products', 'routes/dashboard-products.tsx'),
    ...page('dashboard/products/new', 'routes/dashboard-product-new.tsx'),
    ...page('dashboard/products/:id', 'routes/dashboard-product-edit.tsx'),
    ...page('dashboard/categories', 'routes/dashboard-categories.tsx'),
    ...page('dashboard/categories/:id/specs', 'routes/dashboard-category-specs.tsx'),
    ...page('dashboard/brands', 'routes/dashboard-brands.tsx'),
    ...page('dashboard/search-synonyms', 'routes/dashboard-search-synonyms.tsx'),
    // discount codes
    ...page('dashboard/discount-codes', 'routes/dashboard-discount-codes.tsx'),
    ...page(
      'dashboard/discount-codes/new',
      'routes/dashboard-discount-code.tsx',
      'dashboard-discount-code-new',
    ),
    ...page('dashboard/discount-codes/:id', 'routes/dashboard-discount-code.tsx'),
    // automatic promotions
    ...page('dashboard/promotions', 'routes/dashboard-promotions.tsx'),
    ...page('dashboard/promotions/new', 'routes/dashboard-promotion.tsx', 'dashboard-promotion-new'),
    ...page('dashboard/promotions/:id', 'routes/dashboard-promotion.tsx'),

    // content, import and settings
    ...page('dashboard/import', 'routes/dashboard-import.tsx'),
    ...page('dashboard/content', 'routes/dashboard-content.tsx'),
    ...page('dashboard/settings', 'routes/dashboard-settings.tsx'),
    ...page('dashboard/messages', 'routes/dashboard-messages.tsx'),

    // staff, audit and account
    ...page('dashboard/account', 'routes/dashboard-account.tsx'),
    ...page('dashboard/staff', 'routes/dashboard-staff.tsx'),
    ...page('dashboard/audit', 'routes/dashboard-audit.tsx'),

    // any other back-office path: the not-found page inside the back office, HTTP 404
    ...page('dashboard/*', 'routes/dashboard-not-found.tsx'),
  ]),

  layout('routes/shop-layout.tsx', [
    // catalog
    ...page('', 'routes/home.tsx'),
    ...page('products', 'routes/products.tsx'),
    ...page('products/new', 'routes/products-new.tsx'),
    ...page('products/category/:categoryId', 'routes/products-category.tsx'),
    ...page('products/company/:companyId', 'routes/products-company.tsx'),
    ...page('product/:id', 'routes/product.tsx'),
    ...page('compare', 'routes/compare.tsx'),
    ...page('allcategory', 'routes/all-categories.tsx'),
    ...page('agents', 'routes/agents.tsx'),
    ...page('info/:name/:type', 'routes/info.tsx'),

    // accounts, cart, addresses, checkout: add pages here
    ...page('login', 'routes/login.tsx'),
    ...page('register', 'routes/register.tsx'),
    ...page('forgot-password', 'routes/forgot-password.tsx'),
    ...page('reset-password', 'routes/reset-password.tsx'),
    ...page('confirm-email', 'routes/confirm-email.tsx'),
    ...page('messages/opt-out', 'routes/messages-opt-out.tsx'),
    ...page('logout', 'routes/logout.tsx'),
    ...page('cart', 'routes/cart.tsx'),
    ...page('payment', 'routes/payment.tsx'),
    ...page('payment/:orderId', 'routes/payment-order.tsx'),
    layout('routes/account-layout.tsx', [
      ...page('user/profile', 'routes/user-profile.tsx'),
      ...page('user/allorders', 'routes/user-orders.tsx'),
      ...page('user/addresses', 'routes/user-addresses.tsx'),
      ...page('user/add-address', 'routes/user-add-address.tsx'),
      ...page('user/edit-address/:id', 'routes/user-edit-address.tsx'),
      ...page('user/wishlist', 'routes/user-wishlist.tsx'),
      ...page('user/cards', 'routes/user-cards.tsx'),
      ...page('user/messages', 'routes/user-messages.tsx'),
    ]),
    ...page('user', 'routes/user-index.tsx'),
    ...page('order/details/:id', 'routes/order-details.tsx'),
    ...page('order/details/:id/credit-notes/:refundId', 'routes/order-credit-note.tsx'),
    ...page('order/details/:id/return', 'routes/order-return.tsx'),
    ...page('order/details/:id/review/:productId', 'routes/order-review.tsx'),
    ...page('admin/profile', 'routes/admin-profile.tsx'),

    // any other path: the not-found page with HTTP 404
    ...page('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
