/**
 * Shared borders stored once (the "arcs" of TopoJSON): neighbouring districts in the source share
 * their border vertex for vertex, so each ring is cut where three or more areas meet (or a border
 * ends at the coast), every piece is kept once, and rings become lists of pieces. Simplifying a
 * piece once keeps both neighbours' borders identical: no slivers or gaps between districts, and
 * half the points.
 *
 * Points are integer pairs (units of 1e-4°). A ring is an open list of points (no closing repeat).
 */

/** One number per point, exact and cheap to compare: 0 ≤ x < 2^21 and 0 ≤ y < 2^20 hold for China in 1e-4°. */
export const pointKey = ([x, y]) => x * 2 ** 20 + y;
export const keyPoint = (k) => [Math.floor(k / 2 ** 20), k % 2 ** 20];

/** Points whose neighbours differ between the rings passing through them: where pieces must end. */
function junctions(rings) {
  const seen = new Map();
  const result = new Set();
  for (const ring of rings) {
    const n = ring.length;
    for (let i = 0; i < n; i++) {
      const k = ring[i];
      const a = ring[(i + n - 1) % n];
      const b = ring[(i + 1) % n];
      const [lo, hi] = a < b ? [a, b] : [b, a];
      const prev = seen.get(k);
      if (!prev) seen.set(k, [lo, hi]);
      else if (prev[0] !== lo || prev[1] !== hi) result.add(k);
    }
  }
  return result;
}

/** A closed piece's canonical form: started at its smallest key, so the same loop read anywhere matches. */
function rotateToMin(keys) {
  let m = 0;
  for (let i = 1; i < keys.length; i++) if (keys[i] < keys[m]) m = i;
  return [...keys.slice(m), ...keys.slice(0, m)];
}

/**
 * Cuts rings into shared pieces. Returns the pieces (lists of keys; a closed piece repeats its first
 * key at the end) and, per ring, its pieces as indexes, ~i for piece i read backwards.
 */
export function toArcs(ringsOfKeys) {
  const cut = junctions(ringsOfKeys);
  const arcs = [];
  const index = new Map();
  /** The piece's index, ~index when it is stored the other way round; a new piece when unseen. */
  const arcFor = (keys, backwards) => {
    const found = index.get(keys.join(','));
    if (found !== undefined) return found;
    const foundBack = index.get(backwards.join(','));
    if (foundBack !== undefined) return ~foundBack;
    arcs.push(keys);
    index.set(keys.join(','), arcs.length - 1);
    return arcs.length - 1;
  };
  const closedLoop = (open) => [...open, open[0]];
  const rings = ringsOfKeys.map((ring) => {
    const starts = ring.map((k, i) => (cut.has(k) ? i : -1)).filter((i) => i >= 0);
    if (starts.length === 0) {
      return [arcFor(closedLoop(rotateToMin(ring)), closedLoop(rotateToMin([...ring].reverse())))];
    }
    const rotated = [...ring.slice(starts[0]), ...ring.slice(0, starts[0]), ring[starts[0]]];
    const pieces = [];
    let from = 0;
    for (let i = 1; i < rotated.length; i++) {
      if (cut.has(rotated[i])) {
        const piece = rotated.slice(from, i + 1);
        pieces.push(arcFor(piece, [...piece].reverse()));
        from = i;
      }
    }
    return pieces;
  });
  return { arcs, rings };
}
