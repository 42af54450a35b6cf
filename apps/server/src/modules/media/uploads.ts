// readUploadForm: the text fields and image files of a multipart request, read into memory with
// the media limits (at most MAX_IMAGE_BYTES a file, `maxFiles` files). Pass its files to
// app.media.storeAll / storeImage, which check what they really are, and its text fields to
// parseFormFields with the route's contract schema.
//
// The module whose routes take uploads registers multipart in its own scope first:
//   await app.register(fastifyMultipart, MULTIPART_OPTIONS);
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { REFUSAL_MESSAGES } from '@pitlane/api/contract';
import { HttpError } from '../../plugins/errors.ts';
import { IMAGE_TOO_MANY_BYTES_MESSAGE, MAX_IMAGE_BYTES } from './limits.ts';

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

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}

export async function readUploadForm(request: FastifyRequest, options: UploadFormOptions = {}): Promise<UploadForm> {
  const maxFiles = options.maxFiles ?? 1;
  const tooMany = options.tooManyFilesMessage ?? `At most ${maxFiles} ${maxFiles === 1 ? 'image' : 'images'} can be uploaded at once.`;
  if (!request.isMultipart()) throw new HttpError(415, 'The form must be sent as multipart/form-data.');

  const form: UploadForm = { fields: Object.create(null) as Record<string, string>, files: [] };
  try {
    // One more file than allowed is read as far as its header, so "too many" gets our message.
    for await (const part of request.parts({ limits: { ...FIELD_LIMITS, fileSize: MAX_IMAGE_BYTES, files: maxFiles + 1 } })) {
      if (part.type === 'field') {
        form.fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      if (options.fileFields && !options.fileFields.includes(part.fieldname)) {
        part.file.resume();
        throw new HttpError(400, `Unexpected file field "${part.fieldname}".`);
      }
      // A form with an empty file input still sends the part, without a name or bytes.
      const bytes = await part.toBuffer();
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
        throw new HttpError(413, 'The form has too many fields.');
      default:
        // A body that is not well-formed multipart (busboy: "Unexpected end of multipart data",
        // "Malformed part header", …): the client's fault, not ours. Everything is read into
        // memory, so nothing else can fail while parsing.
        if (error instanceof Error && /multipart|part header|boundary|Unexpected end/i.test(error.message)) {
          throw new HttpError(400, 'The form could not be read.', { cause: error });
        }
        throw error;
    }
  }
  return form;
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
