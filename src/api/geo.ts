/**
 * Distances on the earth for the `near` filter (venue, campaigninformationobject). froide
 * measures with PostGIS geography (a spheroid); a sphere of the mean radius differs from it by
 * at most ~0.5 %, which docs/api.md states.
 */
const EARTH_RADIUS_M = 6_371_008.8;

const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMeters(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const a = Math.sin(rad(lat2 - lat1) / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Python's `float()` on a query value: decimal or exponent notation, inf and nan; null when it fails. */
export function pythonFloat(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined) return null;
  const text = raw.trim();
  if (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return Number(text);
  const special = /^([+-]?)(inf|infinity|nan)$/i.exec(text);
  if (!special) return null;
  if (special[2]!.toLowerCase() === 'nan') return Number.NaN;
  return special[1] === '-' ? -Infinity : Infinity;
}

/** Python's `int()` on a query value, or null. */
export function pythonInt(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined) return null;
  const text = raw.trim();
  return /^[+-]?\d+$/.test(text) ? Number(text) : null;
}
