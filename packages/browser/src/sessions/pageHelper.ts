/**
 * The `page` command of the bash sandbox: `page <method> [arg...]` makes one call on the session's page over the
 * sandbox's channel (descriptor 3, inherited from the shell) and prints the answer: a string as it is, anything else
 * as JSON; an error goes to stderr with exit code 1. Each argument is read as JSON when it parses, else as a string,
 * so `page goto https://example.com`, `page click '#next'`, `page evaluate 'document.title'`, `page fill '#q' hello`.
 * It runs under the same isolation and whitelist as the node sandbox (dispatchPageCall decides).
 */
function pageHelperMain(): void {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const net = require('node:net') as typeof import('node:net');
  const [method, ...rest] = process.argv.slice(1).filter((a, i) => !(i === 0 && a === '--'));
  if (!method) {
    process.stderr.write(
      'usage: page <method> [arg...]   e.g. page title; page goto https://example.com; page click "#go"\n',
    );
    process.exit(2);
  }
  const args: unknown[] = rest.map((text) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  });
  if (method === 'evaluate') args[0] = { expression: String(args[0]) };
  const channel = new net.Socket({ fd: 3, readable: true, writable: true });
  const id = Math.floor(Math.random() * 2 ** 40) + 1;
  let buffered = '';
  channel.setEncoding('utf8');
  channel.on('data', (chunk: string) => {
    buffered += chunk;
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const message = JSON.parse(buffered.slice(0, newline)) as {
        type?: string;
        id?: number;
        value?: unknown;
        error?: string;
      };
      buffered = buffered.slice(newline + 1);
      if (message.type !== 'reply' || message.id !== id) continue;
      if (message.error !== undefined) {
        process.stderr.write(`page ${method}: ${message.error}\n`);
        process.exit(1);
      }
      const value = message.value;
      process.stdout.write(
        value === null || value === undefined
          ? ''
          : typeof value === 'string'
            ? `${value}\n`
            : `${JSON.stringify(value)}\n`,
        () => process.exit(0),
      );
    }
  });
  // The channel is shared with the shell and its other commands: never end it (that would shut it for all).
  channel.write(JSON.stringify({ type: 'call', id, target: 'page', method, args }) + '\n');
}

export const PAGE_HELPER_SOURCE = `(${pageHelperMain.toString()})();`;
