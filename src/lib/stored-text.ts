/**
 * Texts kept on disk rather than in memory while a build runs (docs/architecture.md, "Message
 * texts" and "Page texts"): the parse cache keeps each message's text in its shard file
 * (content/parse-cache.ts), the PDF stage each page's text in a spool of the build's own
 * (src/pdf/index.ts). What the build holds is where a text is, which the serializers and the
 * search index read back when they need it.
 */
import { closeSync, mkdirSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { sweepStaleTempSync, temporarySibling } from './files.ts';

/** What TextFile.transient reads into. */
let scratch = Buffer.allocUnsafe(64 << 10);

/**
 * An open file of texts, read by position through its descriptor. The descriptor outlives a
 * rename over the file's path or its removal (another build sharing the cache may replace it),
 * so a text always reads as it was written.
 */
export class TextFile {
  #fd: number | undefined;

  constructor(fd: number) {
    this.#fd = fd;
  }

  /** The bytes at `offset`, in a buffer of their own; an error when the file ends before them or is closed. */
  bytes(offset: number, length: number): Buffer {
    return this.#read(offset, length, Buffer.allocUnsafe(length));
  }

  /**
   * As `bytes`, in one buffer all files share and the next such read overwrites: for bytes
   * that are decoded at once (a text, a shard's entries), which then allocate nothing.
   */
  transient(offset: number, length: number): Buffer {
    if (scratch.length < length) scratch = Buffer.allocUnsafe(Math.max(length, scratch.length * 2));
    return this.#read(offset, length, scratch).subarray(0, length);
  }

  #read(offset: number, length: number, buffer: Buffer): Buffer {
    if (this.#fd === undefined) throw new Error('a stored text was read after its build closed its files');
    for (let done = 0; done < length; ) {
      const read = readSync(this.#fd, buffer, done, length - done, offset + done);
      if (read === 0) throw new Error(`a stored text ends early: ${length} bytes at ${offset} asked, the file ends after ${offset + done}`);
      done += read;
    }
    return buffer;
  }

  close(): void {
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
  }
}

/**
 * A text where a TextFile holds it: what the model keeps of a message's text. A text is kept
 * one byte per character (Latin-1) when it can be, else two (UTF-16LE): the way V8 holds
 * strings, so reading one back is a copy, where decoding UTF-8 took 15 µs for 4 KB of German
 * text (25 times as long).
 */
export class StoredText {
  constructor(
    readonly file: TextFile,
    readonly offset: number,
    readonly bytes: number,
    /** Two bytes per character. */
    readonly wide: boolean,
  ) {}

  read(): string {
    // One buffer, not one per text read: a cold build reads each text three times.
    return this.file.transient(this.offset, this.bytes).toString(this.wide ? 'utf16le' : 'latin1');
  }
}

/** A text, or where a TextFile holds it. */
export type LazyText = string | StoredText;

export const lazyTextOf = (text: LazyText): string => (typeof text === 'string' ? text : text.read());

/** A character past Latin-1: the text is kept two bytes per character. */
const WIDE = /[\u0100-\uffff]/;

/**
 * Bytes gathered before one write: small texts are not written one system call each, and the
 * 64 shards a cold build writes at once do not hold much each.
 */
const FLUSH_BYTES = 64 << 10;

/**
 * A new file of texts, written from its start: `add` returns where each text went, and the
 * texts read back once `flush` has run (the file is open for reading and writing). Texts are
 * gathered into one buffer of FLUSH_BYTES, written when it fills: no buffer per text, and none
 * kept larger than that (a file's spool lives as long as its texts are read).
 */
export class TextSpool {
  readonly file: TextFile;
  readonly #fd: number;
  #pending = Buffer.allocUnsafe(FLUSH_BYTES);
  #pendingBytes = 0;
  /** Bytes in the file and pending: where the next text goes. */
  #end = 0;

  constructor(readonly path: string) {
    this.#fd = openSync(path, 'w+');
    this.file = new TextFile(this.#fd);
  }

  add(text: string): StoredText {
    const wide = WIDE.test(text);
    const encoding = wide ? 'utf16le' : 'latin1';
    const bytes = wide ? text.length * 2 : text.length;
    if (bytes > FLUSH_BYTES) return this.#alone(Buffer.from(text, encoding), wide);
    const stored = new StoredText(this.file, this.#end, bytes, wide);
    this.#room(bytes).write(text, this.#pendingBytes, encoding);
    this.#added(bytes);
    return stored;
  }

  /** Bytes of a text (or any bytes: `wide` then does not matter) at the end of the file. */
  addBytes(bytes: Uint8Array, wide = false): StoredText {
    if (bytes.length > FLUSH_BYTES) return this.#alone(bytes, wide);
    const stored = new StoredText(this.file, this.#end, bytes.length, wide);
    this.#room(bytes.length).set(bytes, this.#pendingBytes);
    this.#added(bytes.length);
    return stored;
  }

  /** Where the next bytes go. */
  get end(): number {
    return this.#end;
  }

  flush(): void {
    this.#write(this.#pending.subarray(0, this.#pendingBytes), this.#end - this.#pendingBytes);
    this.#pendingBytes = 0;
  }

  /** The pending buffer, with room for `bytes` more (at most FLUSH_BYTES). */
  #room(bytes: number): Buffer {
    if (this.#pendingBytes + bytes > this.#pending.length) this.flush();
    return this.#pending;
  }

  /**
   * Bytes larger than the pending buffer (a shard's entries, a long text), written at once
   * after what is pending: the spool keeps no buffer of their size.
   */
  #alone(bytes: Uint8Array, wide: boolean): StoredText {
    this.flush();
    const stored = new StoredText(this.file, this.#end, bytes.length, wide);
    this.#write(bytes, this.#end);
    this.#end += bytes.length;
    return stored;
  }

  #write(bytes: Uint8Array, at: number): void {
    for (let done = 0; done < bytes.length; ) done += writeSync(this.#fd, bytes, done, bytes.length - done, at + done);
  }

  #added(bytes: number): void {
    this.#pendingBytes += bytes;
    this.#end += bytes;
    if (this.#pendingBytes >= FLUSH_BYTES) this.flush();
  }
}

/**
 * A spool that lives as long as the build holds it and is no file of the cache: its file is
 * removed from its folder as soon as it is open (the descriptor keeps it readable), so a killed
 * build leaves nothing behind. Where the system does not let an open file be removed, the file
 * goes at `close`, and one a killed process left is swept after an hour (sweepStaleTempSync).
 */
export class ScratchSpool extends TextSpool {
  readonly #named: boolean;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    sweepStaleTempSync(dir);
    super(temporarySibling(join(dir, 'texts')));
    this.#named = !removed(this.path);
  }

  /** Closes the file; its texts cannot be read after it. */
  close(): void {
    this.file.close();
    if (this.#named) rmSync(this.path, { force: true });
  }
}

function removed(path: string): boolean {
  try {
    rmSync(path);
    return true;
  } catch {
    return false;
  }
}
