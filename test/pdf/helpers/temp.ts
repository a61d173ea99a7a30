import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function makeTempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'pdf-test-'));
}
