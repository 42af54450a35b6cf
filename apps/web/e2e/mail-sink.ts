import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { greetAtOnce } from '../../../scripts/smtp-greet-at-once.ts';

/**
 * A real SMTP server on loopback for the end-to-end run. The product sends its mail here; each
 * message is written as a text file into `dir`, so tests (in worker processes) can read codes.
 */
export async function startMailSink(dir: string) {
  await mkdir(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((g) => g.value.map((a) => a.address ?? ''));
          const file = path.join(dir, `${String(++count).padStart(5, '0')}.txt`);
          await writeFile(file, `To: ${to.join(', ').toLowerCase()}\nSubject: ${mail.subject ?? ''}\n\n${mail.text ?? ''}`);
          callback();
        })
        .catch(callback);
    },
  });
  greetAtOnce(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
