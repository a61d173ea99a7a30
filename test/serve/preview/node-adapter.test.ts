/**
 * The preview's Node adapter over real HTTP: a client that closes the connection once it has
 * the bytes it was promised is no server error (it used to be logged as "answered 500" for
 * every media file a browser or curl fetched).
 */
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { serveOverNode, type NodeServer } from '../../../src/serve/preview/node-adapter.ts';

let server: NodeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Reads `length` bytes of the body, then destroys the socket, as a client does that trusts Content-Length. */
function readThenClose(url: string, length: number): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.byteLength;
        if (bytes >= length) {
          req.destroy();
          resolve({ status: res.statusCode!, bytes });
        }
      });
    });
    req.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
    req.end();
  });
}

describe('serveOverNode', () => {
  it('does not report a client that closes after the promised bytes as an error', async () => {
    const errors: string[] = [];
    const body = new Uint8Array(1000).fill(7);
    server = await serveOverNode(
      async () =>
        new Response(
          new ReadableStream<Uint8Array>({
            async start(controller) {
              controller.enqueue(body);
              // The stream ends a little after its last byte, as a file stream does.
              await new Promise((resolve) => setTimeout(resolve, 200));
              controller.close();
            },
          }),
          { headers: { 'content-length': String(body.byteLength) } },
        ),
      { host: '127.0.0.1', port: 0, onError: (error, request) => errors.push(`${request}: ${String(error)}`) },
    );
    expect(await readThenClose(`${server.url}media/x.png`, body.byteLength)).toEqual({ status: 200, bytes: 1000 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(errors).toEqual([]);
  });

  it('still reports a handler that throws, with the request, and answers 500', async () => {
    const errors: string[] = [];
    server = await serveOverNode(
      async () => {
        throw new Error('broken');
      },
      { host: '127.0.0.1', port: 0, onError: (error, request) => errors.push(`${request}: ${String(error)}`) },
    );
    const response = await fetch(`${server.url}api/v1/?x=1`);
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('Internal error.\n');
    expect(errors).toEqual(['GET /api/v1/?x=1: Error: broken']);
  });
});
