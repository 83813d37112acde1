/**
 * Where widgets and wall pages send their analytics beacons: the box's own API address (`{base_url}/public/beacons`),
 * which answers even when the CDN address is a bucket (src/domains/analytics, docs/analytics.md).
 */

/** The beacon route's path under the API address. */
export const BEACON_PATH = "/public/beacons";

/** The beacon address of a box whose API address is `baseUrl`. */
export const beaconUrl = (baseUrl: string) => `${baseUrl}${BEACON_PATH}`;
