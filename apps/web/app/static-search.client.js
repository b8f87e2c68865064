// The only script of a page that is not hydrated (docs/decisions/052), served as it is: the
// header search behaves as on every other page, where typing leads to the product list and the
// search runs SEARCH_DELAY_MS after the last change. Here the form is submitted once the shopper
// pauses for that long; Enter still submits at once, and without this script the form works.
const input = document.getElementById('site-search');
const form = input?.form;
const delay = Number(form?.dataset.searchDelay);

if (input && form && delay > 0) {
  let timer;
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (input.value.trim()) form.requestSubmit();
    }, delay);
  });
}
