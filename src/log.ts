/** The one logger: messages for people go to stderr, data to stdout. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export function streamLogger(stream: NodeJS.WritableStream = process.stderr): Logger {
  const line = (text: string) => void stream.write(`${text}\n`);
  return { info: line, warn: line, error: line };
}
