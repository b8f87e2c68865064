/**
 * The offer shoppers see at `now`: the planned one while its dates hold. The product editor, the
 * variants grid and the catalog import all set live offers by it.
 */
export function liveOffer(
  planned: number | null,
  startsAt: Date | null,
  endsAt: Date | null,
  now: Date,
): number | null {
  if (planned === null) return null;
  if (startsAt && startsAt > now) return null;
  if (endsAt && endsAt <= now) return null;
  return planned;
}
