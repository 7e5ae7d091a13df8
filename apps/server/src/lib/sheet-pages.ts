/**
 * Pages of rows cut into sheets of at most `limit` rows each: a page that crosses a sheet's end is
 * split, its rest opening the next sheet. The pages are read once, in order, as the sheets are.
 */
export function sheetPages<T>(pages: AsyncIterable<T[]>, limit: number) {
  const source = pages[Symbol.asyncIterator]();
  let carry: T[] = [];
  let exhausted = false;

  async function next(): Promise<T[] | null> {
    if (carry.length > 0) {
      const page = carry;
      carry = [];
      return page;
    }
    if (exhausted) return null;
    const n = await source.next();
    if (n.done) {
      exhausted = true;
      return null;
    }
    return n.value;
  }

  return {
    /** The next sheet's pages. */
    async *sheet(): AsyncGenerator<T[]> {
      let left = limit;
      while (left > 0) {
        const page = await next();
        if (page === null) return;
        if (page.length > left) carry = page.slice(left);
        const taken = page.length > left ? page.slice(0, left) : page;
        left -= taken.length;
        if (taken.length > 0) yield taken;
      }
    },
    /** Whether rows remain for another sheet (reads ahead one page to know). */
    async more(): Promise<boolean> {
      while (carry.length === 0 && !exhausted) {
        const page = await next();
        if (page !== null) carry = page;
      }
      return carry.length > 0;
    },
    /** Gives the pages' source back (an abandoned download): its reads stop and its connection returns. */
    async close(): Promise<void> {
      exhausted = true;
      carry = [];
      await source.return?.();
    },
  };
}
