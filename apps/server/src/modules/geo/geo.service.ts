import type { GeoPlace, GeoReverseResult } from '@cvrisk/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { reverseGeocode, searchPlaces } from '../../geo/gazetteer.js';
import type { AmapClient } from './amap.js';

export type GeoService = {
  search(keyword: string): Promise<GeoPlace[]>;
  reverse(lng: number, lat: number): Promise<GeoReverseResult>;
};

const SEARCH_LIMIT = 10;

/**
 * Addresses from the configured external geocoder when there is one, from the shipped gazetteer
 * otherwise — and whenever the geocoder fails or knows nothing, so the console always gets an answer.
 */
export function createGeoService(amap: AmapClient | null, log: FastifyBaseLogger): GeoService {
  async function ask<T>(what: string, call: (client: AmapClient) => Promise<T>): Promise<T | null> {
    if (!amap) return null;
    try {
      return await call(amap);
    } catch (err) {
      log.warn({ err }, `AMap ${what} failed; answering from the gazetteer`);
      return null;
    }
  }

  return {
    async search(keyword) {
      const places = await ask('search', (c) => c.search(keyword, SEARCH_LIMIT));
      return places?.length ? places : searchPlaces(keyword, SEARCH_LIMIT);
    },
    async reverse(lng, lat) {
      return (await ask('reverse geocoding', (c) => c.reverse(lng, lat))) ?? reverseGeocode(lng, lat);
    },
  };
}
