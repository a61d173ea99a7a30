/** Ordering by distance, for the views of venue.ts and campaigninformationobject.ts. */
import { distanceMeters } from '../../../formats/geo.ts';

export type Located = { lat: number; lng: number };

/** Nearest first; equal distances keep list order (the sort is stable). */
export function byDistance<T extends Located>(objects: T[], from: { lat: number; lng: number }): T[] {
  const distance = new Map(objects.map((object) => [object, distanceMeters(from.lat, from.lng, object.lat, object.lng)]));
  return [...objects].sort((a, b) => distance.get(a)! - distance.get(b)!);
}
