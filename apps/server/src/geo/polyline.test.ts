import { describe, expect, it } from 'vitest';
import { decodePolyline } from './polyline.js';

describe('decodePolyline', () => {
  it("reads Google's documented example", () => {
    // developers.google.com/maps/documentation/utilities/polylinealgorithm: (38.5, -120.2), (40.7, -120.95), (43.252, -126.453) at 1e-5.
    expect(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@')).toEqual([3850000, -12020000, 220000, -75000, 255200, -550300]);
  });

  it('reads zero and small steps of either sign', () => {
    expect(decodePolyline('?@A')).toEqual([0, -1, 1]);
  });
});
