import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The 6-digit code in the newest e-mail to `address` (waits up to 10 s for it to arrive). */
export async function lastCodeFor(address: string): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: the global setup did not start the mail sink');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = (await readdir(dir)).sort().reverse();
    for (const file of files) {
      const text = await readFile(path.join(dir, file), 'utf8');
      if (!text.startsWith(`To: ${address.toLowerCase()}`)) continue;
      const code = /^(\d{6})$/m.exec(text)?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code was mailed to ${address}`);
}

/** How many e-mails `address` has received so far (to wait for the next one with `newCodeFor`). */
export async function mailCount(address: string): Promise<number> {
  return (await mailsTo(address)).length;
}

/**
 * The code in the first e-mail to `address` after the first `seen` ones: for a code that goes out
 * after the reply (forgot password), so an older code is never taken for it.
 */
export async function newCodeFor(address: string, seen: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    // The first code after them: a security notice (no code) may come in between.
    const code = (await mailsTo(address)).slice(seen).map((text) => /^(\d{6})$/m.exec(text)?.[1]).find(Boolean);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no new code was mailed to ${address}`);
}

async function mailsTo(address: string): Promise<string[]> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: the global setup did not start the mail sink');
  const texts = await Promise.all((await readdir(dir)).sort().map((file) => readFile(path.join(dir, file), 'utf8')));
  return texts.filter((text) => text.startsWith(`To: ${address.toLowerCase()}\n`));
}
