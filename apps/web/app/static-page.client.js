// @ts-check
// The only script of a page that is not hydrated (docs/decisions/052, 054), served as written:
// what the page needs beyond HTML and CSS, on the markup the server rendered with React. Without
// it, the page still works (the search form submits on Enter, links load, the first slide shows).

/**
 * The header search behaves as on every other page, where typing leads to the product list and
 * the search runs the form's `data-search-delay` ms after the last change: here the form is
 * submitted once the shopper pauses for that long. Enter still submits at once.
 * @param {HTMLInputElement} input
 */
function startHeaderSearch(input) {
  const form = input.form;
  const delay = Number(form?.dataset.searchDelay);
  if (!form || !(delay > 0)) return;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (input.value.trim()) form.requestSubmit();
    }, delay);
  });
}

/**
 * The navigation progress bar (ProgressBar's markup) while the next page loads: from a click on
 * a link to another page of the shop, or a form sent, until the page is replaced.
 * @param {HTMLElement} bar
 */
function startNavigationProgress(bar) {
  const busy = () => bar.setAttribute('data-busy', '');
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return;
    if (link.target && link.target !== '_self') return;
    const to = new URL(link.href);
    if (to.origin !== location.origin) return;
    // A link to a place on the same page (the home shortcuts) loads nothing.
    if (to.pathname === location.pathname && to.search === location.search && to.hash) return;
    busy();
  });
  document.addEventListener('submit', (event) => {
    if (
      !event.defaultPrevented &&
      event.target instanceof HTMLFormElement &&
      event.target.method !== 'dialog'
    )
      busy();
  });
  // Back to this page from the browser's cache: nothing is loading any more.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) bar.removeAttribute('data-busy');
  });
}

/**
 * The home slider (HomeSlider's markup), with or without React: the next slide every
 * `data-interval` ms, paused while pointed at or focused and by its pause button (pressed from
 * the start for a shopper who asked for reduced motion); the dots show a slide. A slide's image
 * that fails to load is hidden, so its bundled fallback shows.
 * @param {HTMLElement} root
 * @returns {() => void} stops the slider
 */
export function startSlider(root) {
  const slides = [...root.querySelectorAll('[data-slide]')];
  const dots = [...root.querySelectorAll('[data-slide-dot]')];
  const pauseButton = root.querySelector('[data-slider-pause]');
  const interval = Number(root.dataset.interval);
  let index = Math.max(
    0,
    slides.findIndex((slide) => slide.hasAttribute('data-active')),
  );
  let hovered = false;
  let focused = false;
  const listening = new AbortController();
  const { signal } = listening;

  /** @param {number} next */
  const show = (next) => {
    index = (next + slides.length) % slides.length;
    slides.forEach((slide, i) => {
      slide.toggleAttribute('data-active', i === index);
      slide.setAttribute('aria-hidden', String(i !== index));
      // A hidden slide's link is out of the tab order too.
      slide.querySelector('a')?.setAttribute('tabindex', i === index ? '0' : '-1');
    });
    dots.forEach((dot, i) => dot.setAttribute('aria-current', String(i === index)));
  };
  const stoppedByShopper = () => pauseButton?.getAttribute('aria-pressed') === 'true';
  // A shopper whose system asks for less motion gets the slides stopped, and can start them.
  if (pauseButton && matchMedia('(prefers-reduced-motion: reduce)').matches)
    pauseButton.setAttribute('aria-pressed', 'true');

  root.addEventListener('mouseenter', () => (hovered = true), { signal });
  root.addEventListener('mouseleave', () => (hovered = false), { signal });
  root.addEventListener('focusin', () => (focused = true), { signal });
  root.addEventListener(
    'focusout',
    (event) => (focused = event.relatedTarget instanceof Node && root.contains(event.relatedTarget)),
    { signal },
  );
  dots.forEach((dot, i) => dot.addEventListener('click', () => show(i), { signal }));
  pauseButton?.addEventListener(
    'click',
    () => pauseButton.setAttribute('aria-pressed', String(!stoppedByShopper())),
    { signal },
  );
  for (const image of root.querySelectorAll('img[data-slide-image]')) {
    const failed = () => image.setAttribute('hidden', '');
    if (image instanceof HTMLImageElement && image.complete && image.naturalWidth === 0) failed();
    else image.addEventListener('error', failed, { signal });
  }

  const timer =
    slides.length > 1 && interval > 0
      ? setInterval(() => {
          if (!hovered && !focused && !stoppedByShopper()) show(index + 1);
        }, interval)
      : undefined;
  return () => {
    clearInterval(timer);
    listening.abort();
  };
}

/**
 * The product page's option picker (VariantPicker's form): choosing a value sends the form at
 * once, and the page answers with the chosen variant's address. Without this script the
 * shopper sends it with the form's button.
 * @param {HTMLFormElement} form
 */
function startVariantPicker(form) {
  form.addEventListener('change', (event) => {
    if (event.target instanceof HTMLInputElement && event.target.type === 'radio') form.requestSubmit();
  });
}

/**
 * A heart (WishHeart's form): posted in the background to the same action as on a hydrated
 * page, and turned over in place when the answer says it worked (its `x-wishlist-state`), so the
 * page and its scroll stay. Anything else (a visitor, who is sent to sign in; a refusal; no
 * network) is left to the form, posted as the browser would.
 * @param {HTMLFormElement} form
 */
function startWishHeart(form) {
  form.addEventListener('submit', async (event) => {
    const button = form.querySelector('button[aria-pressed]');
    const intent = form.elements.namedItem('intent');
    if (!(button instanceof HTMLButtonElement) || !(intent instanceof HTMLInputElement)) return;
    event.preventDefault();
    if (button.getAttribute('aria-busy') === 'true') return;
    button.setAttribute('aria-busy', 'true');
    /** @type {string | null} */
    let state = null;
    try {
      // The route's data address answers the action without rendering a page.
      const action = new URL(form.action);
      const response = await fetch(`${action.pathname}.data`, { method: 'POST', body: new FormData(form) });
      state = response.ok ? response.headers.get('x-wishlist-state') : null;
    } catch {
      state = null;
    }
    button.setAttribute('aria-busy', 'false');
    if (state !== 'wished' && state !== 'unwished') {
      form.submit();
      return;
    }
    const wished = state === 'wished';
    intent.value = wished ? 'unwish' : 'wish';
    button.setAttribute('aria-pressed', String(wished));
    const label = button.dataset[wished ? 'labelUnwish' : 'labelWish'] ?? '';
    button.setAttribute('aria-label', label);
    button.title = label;
    button.querySelector('svg')?.setAttribute('fill', wished ? 'currentColor' : 'none');
  });
}

if (typeof document !== 'undefined' && document.documentElement.hasAttribute('data-static')) {
  const search = document.getElementById('site-search');
  if (search instanceof HTMLInputElement) startHeaderSearch(search);
  const bar = document.getElementById('nav-progress');
  if (bar) startNavigationProgress(bar);
  for (const slider of document.querySelectorAll('[data-slider]'))
    if (slider instanceof HTMLElement) startSlider(slider);
  for (const form of document.querySelectorAll('form[data-variant-picker]'))
    if (form instanceof HTMLFormElement) startVariantPicker(form);
  for (const form of document.querySelectorAll('form[data-wish-heart]'))
    if (form instanceof HTMLFormElement) startWishHeart(form);
}
