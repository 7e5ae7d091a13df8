import { FLAG } from './escape.js';
import { MAX_BODY_BYTES, MAX_HEADER_BYTES } from './header.js';

/** Largest legal frame on the wire: every byte escaped to two, plus both delimiters. */
export const MAX_FRAME_BYTES = 2 * (MAX_HEADER_BYTES + MAX_BODY_BYTES + 1) + 2;

export interface SplitterStats {
  frames: number;
  /** Bytes outside any frame (between a closing and the next opening delimiter). */
  garbageBytes: number;
  /** Runs longer than the frame limit with no closing delimiter. */
  oversizeRuns: number;
  /** Bytes thrown away with those runs. */
  droppedBytes: number;
}

/**
 * Cuts a TCP byte stream into frames (each returned with its 0x7e delimiters, still escaped).
 * Memory is one fixed buffer of `maxFrameBytes`: a run that outgrows it is dropped and counted, and
 * everything up to the next delimiter is discarded with it.
 */
export class FrameSplitter {
  readonly stats: SplitterStats = { frames: 0, garbageBytes: 0, oversizeRuns: 0, droppedBytes: 0 };
  private readonly buf: Buffer;
  private len = 0;
  private inFrame = false;
  private discarding = false;

  constructor(readonly maxFrameBytes: number = MAX_FRAME_BYTES) {
    this.buf = Buffer.alloc(maxFrameBytes);
  }

  /** Bytes held for an unfinished frame; never more than `maxFrameBytes`. */
  get pendingBytes(): number {
    return this.len;
  }

  push(chunk: Uint8Array): Buffer[] {
    const frames: Buffer[] = [];
    let pos = 0;
    while (pos < chunk.length) {
      const flag = chunk.indexOf(FLAG, pos);
      const end = flag === -1 ? chunk.length : flag;
      if (this.inFrame) this.append(chunk.subarray(pos, end));
      else if (this.discarding) this.stats.droppedBytes += end - pos;
      else this.stats.garbageBytes += end - pos;
      if (flag === -1) break;
      this.onFlag(frames);
      pos = flag + 1;
    }
    return frames;
  }

  private append(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    // +1 keeps room for the closing delimiter.
    if (this.len + bytes.length + 1 > this.maxFrameBytes) {
      this.stats.oversizeRuns++;
      this.stats.droppedBytes += this.len + bytes.length;
      this.inFrame = false;
      this.discarding = true;
      this.len = 0;
      return;
    }
    this.buf.set(bytes, this.len);
    this.len += bytes.length;
  }

  private onFlag(frames: Buffer[]): void {
    if (!this.inFrame) {
      this.inFrame = true;
      this.discarding = false;
      this.buf[0] = FLAG;
      this.len = 1;
      return;
    }
    // Two delimiters in a row: the first closed a frame we never saw open, the second opens one.
    if (this.len === 1) return;
    this.buf[this.len++] = FLAG;
    frames.push(Buffer.from(this.buf.subarray(0, this.len)));
    this.stats.frames++;
    this.inFrame = false;
    this.len = 0;
  }
}
