// One JSON upload parsed within bounds: its nesting checked first, then parsed. The JSON
// uploads' thread (json-worker.mjs) runs it; so does the command line's import, on its own
// thread (json-upload.ts). Plain JavaScript, as the worker thread that imports it is.

/**
 * Whether the nesting of lists and objects in the UTF-8 bytes `view` passes `limit`, read
 * without building anything; stops as soon as it does. Brackets inside strings do not count.
 * @param {Uint8Array} view
 * @param {number} limit
 */
function nestingPasses(view, limit) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < view.length; i++) {
    const c = view[i];
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next byte is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * The value of the UTF-8 JSON `view` (a byte-order mark allowed), or why it is refused: nested
 * deeper than `maxDepth`, or not JSON.
 * @param {Uint8Array} view
 * @param {number} maxDepth
 */
export function parseBounded(view, maxDepth) {
  if (nestingPasses(view, maxDepth)) return { refused: 'depth' };
  try {
    return { value: JSON.parse(new TextDecoder('utf-8').decode(view).replace(/^\uFEFF/, '')) };
  } catch (error) {
    return { refused: 'syntax', message: error.message };
  }
}
