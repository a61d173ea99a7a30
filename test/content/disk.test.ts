import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diskReader } from '../../src/content/disk.ts';

describe('the disk reader', () => {
  it('names the absolute path of any relative path as path.resolve does', () => {
    const paths = ['site.yaml', 'requests/1/messages/2.yaml', 'requests/1/files/3/Bescheid vom 3. März.pdf', '.hidden/x', 'a/.b/c', 'a..b/c', '../outside.yaml', 'a/../b', './a', 'a/./b', 'a//b', 'a/', '/etc/passwd', '', '.', '..'];
    for (const root of ['/tmp/content', '/tmp/content/', 'relative/content', '/']) {
      const reader = diskReader(root);
      for (const path of paths) expect(reader.absolute(path), `${root} + ${path}`).toBe(resolve(root, path));
    }
  });
});
