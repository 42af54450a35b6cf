// readUploadForm: the text fields and image files of a multipart request, read into memory with
// the media limits (at most MAX_IMAGE_BYTES a file, `maxFiles` files). Pass its files to
// app.media.storeAll / storeImage, which check what they really are, and its text fields to
// parseFormFields with the route's contract schema.
//
// The module whose routes take uploads registers multipart in its own scope first:
//   await app.register(fastifyMultipart, MULTIPART_OPTIONS);
//
// Hostile forms (test/hostile-uploads.test.ts) are bounded three ways, each refusal a `{ message }`:
// - size: 15 MB a file (413 as soon as a file passes it, not after the rest of it arrived), 64 KiB
//   a text field (413, never silently cut), 20 fields and 40 parts (413), the route's files (400);
// - time: the whole form within UPLOAD_TIMEOUT_MS (408). Fastify sets no request timeout, so
//   without this a client trickling a byte a second, or sending nothing more, held its request
//   and the bytes it had sent for ever;
// - memory: the files are read whole into memory (the decoder wants them whole, and a 15 MB file
//   is small next to its decoded pixels, which process.ts bounds), so the bytes every upload of
//   this process holds are counted against UPLOAD_MEMORY_MB; an upload that would pass it answers
//   503 "try again in a moment" at once. Counting bytes as they arrive, not the Content-Length a
//   client declares, keeps a client that declares much and sends little from holding the budget,
//   and refusing instead of waiting cannot deadlock half-read uploads on each other. The bytes
//   count until the answer is sent (they are held through decoding and storing).
// A refused form's body may still be arriving: it is read no further, and after the answer the
// rest is drained for a short while (as nginx's lingering close does, so the browser reads our
// answer rather than a reset connection), then the connection is closed.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { REFUSAL_MESSAGES } from '@pitlane/api/contract';
import { DEFAULT_UPLOAD_TIMEOUT_MS, type Config } from '../../config.ts';
import { HttpError, UnavailableError } from '../../plugins/errors.ts';
import {
  FORM_FIELD_TOO_LONG_MESSAGE,
  FORM_NOT_MULTIPART_MESSAGE,
  FORM_TOO_MANY_FIELDS_MESSAGE,
  FORM_UNREADABLE_MESSAGE,
  IMAGE_TOO_MANY_BYTES_MESSAGE,
  MAX_IMAGE_BYTES,
  UPLOAD_TOO_SLOW_MESSAGE,
  UPLOADS_BUSY_MESSAGE,
  UPLOADS_BUSY_RETRY_AFTER_SECONDS,
} from './limits.ts';

export interface Upload {
  /** The form field it came in (`images`, `profilePicture`, `coverImage`). */
  field: string;
  /** As the browser sent it: for logs only, never trusted. */
  filename: string;
  bytes: Buffer;
}

export interface UploadForm {
  /** Text fields; a repeated field keeps its last value. */
  fields: Record<string, string>;
  /** Files in the order they were sent; empty file inputs are skipped. */
  files: Upload[];
}

export interface UploadFormOptions {
  /** Most files accepted (default 1). */
  maxFiles?: number;
  /** The message when there are more (default "At most N images can be uploaded at once."). */
  tooManyFilesMessage?: string;
  /** Only files of these fields are kept (default: any field). A file in another field is refused. */
  fileFields?: readonly string[];
}

/** Multipart limits for text fields: generous for a post's 2 200 characters, small for abuse. */
const FIELD_LIMITS = { fields: 20, fieldSize: 64 * 1024, parts: 40 };

/** Options for @fastify/multipart in an upload module's scope; readUploadForm narrows them per request. */
export const MULTIPART_OPTIONS = { limits: { ...FIELD_LIMITS, fileSize: MAX_IMAGE_BYTES, files: 5 } };

/** How long the rest of a refused form's body is drained after the answer, at most. */
export const UPLOAD_LINGER_MS = 5_000;

/** The upload bytes the requests of one app (one per server process) hold in memory, against a capacity (UPLOAD_MEMORY_MB). */
export class UploadMemory {
  held = 0;
  readonly capacity: number;
  constructor(capacity: number) {
    this.capacity = capacity;
  }

  /**
   * A counter for one request: `take(bytes)` before holding more bytes of it (throws 503 when the
   * capacity would be passed). Everything it took is given back when `response` closes, sent or
   * cut off, so no path of the route can forget it.
   */
  open(response: ServerResponse): (bytes: number) => void {
    let mine = 0;
    let open = !response.closed;
    response.once('close', () => {
      open = false;
      this.held -= mine;
      mine = 0;
    });
    return (bytes) => {
      if (!open) return;
      if (this.held + bytes > this.capacity) {
        throw new UnavailableError(503, UPLOADS_BUSY_MESSAGE, { retryAfterSeconds: UPLOADS_BUSY_RETRY_AFTER_SECONDS, overload: true });
      }
      this.held += bytes;
      mine += bytes;
    };
  }
}

interface UploadContext {
  response: ServerResponse;
  memory: UploadMemory;
  timeoutMs: number;
}

const contexts = new WeakMap<IncomingMessage, UploadContext>();

/**
 * The time and memory bounds of every upload of `app` (registerMedia calls it): remembers the
 * response of each multipart request, which readUploadForm (given only the request) needs to
 * give the memory back and to drain a refused body after the answer.
 */
export function registerUploadLimits(app: FastifyInstance, config: Pick<Config, 'uploadTimeoutMs' | 'uploadMemoryBytes'>): UploadMemory {
  const memory = new UploadMemory(config.uploadMemoryBytes);
  app.addHook('onRequest', (request, reply, done) => {
    if (/^multipart\//i.test(request.headers['content-type'] ?? '')) contexts.set(request.raw, { response: reply.raw, memory, timeoutMs: config.uploadTimeoutMs });
    done();
  });
  return memory;
}

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}

export async function readUploadForm(request: FastifyRequest, options: UploadFormOptions = {}): Promise<UploadForm> {
  if (!request.isMultipart()) throw new HttpError(415, FORM_NOT_MULTIPART_MESSAGE);
  const context = contexts.get(request.raw);
  const timeoutMs = context?.timeoutMs ?? DEFAULT_UPLOAD_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const tooSlow = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HttpError(408, UPLOAD_TOO_SLOW_MESSAGE)), timeoutMs);
  });
  try {
    return await Promise.race([readParts(request, options, context ? context.memory.open(context.response) : null), tooSlow]);
  } catch (error) {
    if (context) stopReading(request.raw, context.response, Math.min(UPLOAD_LINGER_MS, timeoutMs));
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A refused form: busboy gets no more of it; once the answer is sent, what is still arriving is
 * thrown away for at most `lingerMs`, then the connection is closed (and with it the parser,
 * whose pending part ends with an error nobody waits for).
 */
function stopReading(raw: IncomingMessage, response: ServerResponse, lingerMs: number): void {
  const arrived = () => raw.complete || raw.readableEnded || raw.destroyed;
  if (arrived()) return;
  raw.unpipe();
  response.once('close', () => {
    if (arrived()) return;
    const timer = setTimeout(() => raw.destroy(), lingerMs).unref();
    raw.once('end', () => clearTimeout(timer));
    raw.resume();
  });
}

async function readParts(request: FastifyRequest, options: UploadFormOptions, take: ((bytes: number) => void) | null): Promise<UploadForm> {
  const maxFiles = options.maxFiles ?? 1;
  const tooMany = options.tooManyFilesMessage ?? `At most ${maxFiles} ${maxFiles === 1 ? 'image' : 'images'} can be uploaded at once.`;
  const form: UploadForm = { fields: Object.create(null) as Record<string, string>, files: [] };
  try {
    // One more file than allowed is read as far as its header, so "too many" gets our message.
    for await (const part of request.parts({ limits: { ...FIELD_LIMITS, fileSize: MAX_IMAGE_BYTES, files: maxFiles + 1 } })) {
      if (part.type === 'field') {
        // busboy cuts a longer value to the limit and says so: cut, it is not what was sent.
        if (part.valueTruncated || part.fieldnameTruncated) throw new HttpError(413, FORM_FIELD_TOO_LONG_MESSAGE);
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        take?.(Buffer.byteLength(value));
        form.fields[part.fieldname] = value;
        continue;
      }
      if (options.fileFields && !options.fileFields.includes(part.fieldname)) {
        part.file.resume();
        throw new HttpError(400, `Unexpected file field "${part.fieldname}".`);
      }
      // A form with an empty file input still sends the part, without a name or bytes: read it to
      // know. Any other file past the route's number is refused before its bytes are read.
      if (part.filename !== '' && form.files.length >= maxFiles) throw new HttpError(400, tooMany);
      const bytes = await readFile(part, take);
      if (bytes.length === 0 && part.filename === '') continue;
      if (form.files.length >= maxFiles) throw new HttpError(400, tooMany);
      form.files.push({ field: part.fieldname, filename: part.filename, bytes });
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    switch (codeOf(error)) {
      case 'FST_REQ_FILE_TOO_LARGE':
        throw new HttpError(413, IMAGE_TOO_MANY_BYTES_MESSAGE);
      case 'FST_FILES_LIMIT':
        throw new HttpError(400, tooMany);
      case 'FST_PARTS_LIMIT':
      case 'FST_FIELDS_LIMIT':
        throw new HttpError(413, FORM_TOO_MANY_FIELDS_MESSAGE);
      default:
        // A body that is not well-formed multipart (busboy: "Unexpected end of multipart data",
        // "Malformed part header", …) or cut off: the client's fault, not ours. Everything is
        // read into memory, so nothing else can fail while parsing.
        if (error instanceof Error && (codeOf(error) === 'FST_MP_PREMATURE_CLOSE' || /multipart|part header|boundary|Unexpected end|terminated early/i.test(error.message))) {
          throw new HttpError(400, FORM_UNREADABLE_MESSAGE, { cause: error });
        }
        throw error;
    }
  }
  return form;
}

/** A file part's bytes, counted as they arrive; 413 the moment it passes MAX_IMAGE_BYTES. */
async function readFile(part: MultipartFile, take: ((bytes: number) => void) | null): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  // busboy stops passing bytes on at the limit, but reads the rest of the part: not waited for.
  part.file.once('limit', () => part.file.destroy(new HttpError(413, IMAGE_TOO_MANY_BYTES_MESSAGE)));
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    take?.(chunk.length);
    chunks.push(chunk);
    size += chunk.length;
  }
  if (part.file.truncated) throw new HttpError(413, IMAGE_TOO_MANY_BYTES_MESSAGE);
  return Buffer.concat(chunks, size);
}

/**
 * The text parts of a multipart form through the contract's zod object: the first sentence
 * among the issues answers 400 (e.g. "Title and content are required."). NUL characters cannot
 * be stored: refused too.
 */
export function parseFormFields<S extends z.ZodObject>(schema: S, fields: Record<string, string>): z.output<S> {
  if (Object.values(fields).some((value) => value.includes('\u0000'))) throw new HttpError(400, REFUSAL_MESSAGES.invalidRequest);
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const sentence = parsed.error.issues.find((issue) => /[.!?]$/.test(issue.message));
    throw new HttpError(400, sentence?.message ?? REFUSAL_MESSAGES.invalidRequest);
  }
  return parsed.data;
}
