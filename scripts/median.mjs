/** The median of timings in milliseconds, to one decimal: the benchmarks' one summary of a series of calls. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)] * 10) / 10;
}
