// What every entry of the route table is made of (routes.ts assembles the per-domain tables of
// this folder), and the parameter, query and field schemas more than one domain uses.
import { z } from 'zod';
import { Id } from '../schemas.ts';
import { isStrongRegisterPassword, isValidFullName, isEmailShape, isValidUsername } from '../validation.ts';
import { REFUSAL_MESSAGES } from '../messages.ts';
import type { HttpMethod } from '../endpoints.ts';

/** A file part of a multipart body. Files are checked by the server by content, not by zod. */
export interface FileField {
  /** Repeated part (`images`) or a single file. */
  readonly multiple: boolean;
  readonly required: boolean;
  /** For repeated parts: the allowed number of files. */
  readonly minCount?: number;
  readonly maxCount?: number;
  /** Accepted media types; the picker's `accept` attribute. */
  readonly accept: 'image/*';
}

export interface JsonBody<S extends z.ZodType = z.ZodType> {
  readonly kind: 'json';
  readonly schema: S;
}

export interface MultipartBody<F extends z.ZodObject = z.ZodObject, Files extends Record<string, FileField> = Record<string, FileField>> {
  readonly kind: 'multipart';
  /** Text parts. Each travels as a string; JSON-array parts are zod codecs (string ⇄ array). */
  readonly fields: F;
  readonly files: Files;
}

export interface RouteDefinition {
  readonly method: HttpMethod;
  /** Fastify path syntax: `/api/posts/:id`. */
  readonly path: string;
  readonly summary: string;
  readonly tag: 'auth' | 'users' | 'suggestions' | 'search' | 'posts' | 'comments' | 'communities' | 'notifications' | 'cars' | 'safety' | 'moderation' | 'tags' | 'meets';
  /** False for the calls a signed-out visitor makes; the rest answer 401 without a session. */
  readonly auth: boolean;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: JsonBody | MultipartBody;
  /** The 2xx reply (status 200; 201 for creations, see `status`). */
  readonly response: z.ZodType;
  /**
   * A 2xx that is a file to save, not JSON (the data export): its type, sent as an attachment
   * with the file's name in `Content-Disposition`; `response` is then its bytes. Errors stay JSON.
   * A meet's iCalendar file (issue 21) is text: `response` is then that text.
   */
  readonly download?: { readonly contentType: 'application/zip' | 'text/calendar' };
  readonly status?: 200 | 201;
  /** Error statuses this call may answer with, each with an `ErrorBody` ({ message }). */
  readonly errors: readonly number[];
}

export const route = <const R extends RouteDefinition>(definition: R): R => definition;
export const json = <S extends z.ZodType>(schema: S): JsonBody<S> => ({ kind: 'json', schema });
export const multipart = <F extends z.ZodObject, const Files extends Record<string, FileField>>(fields: F, files: Files): MultipartBody<F, Files> => ({
  kind: 'multipart',
  fields,
  files,
});

/**
 * A multipart body's text parts encoded by their schema (JSON arrays as text), or null when the
 * values do not fit it. Also null for a schema zod cannot run backwards (a `z.preprocess`, e.g. a
 * build-log entry's optional mileage): zod throws there instead of answering, and the client then
 * sends each value as text, which is what such a field reads.
 */
export function encodeFields(fields: z.ZodObject, values: Record<string, unknown>): Record<string, unknown> | null {
  try {
    const encoded = z.safeEncode(fields, values);
    return encoded.success ? (encoded.data as Record<string, unknown>) : null;
  } catch (error) {
    if (error instanceof z.core.$ZodEncodeError) return null;
    throw error;
  }
}

/** A JSON array carried in one multipart text part, e.g. `existingImageUrls`, `members`. */
export const jsonArrayField = <T extends z.ZodType>(item: T) =>
  z.codec(z.string(), z.array(item), {
    decode: (text, ctx) => {
      try {
        return JSON.parse(text) as z.input<T>[];
      } catch {
        ctx.issues.push({ code: 'invalid_format', format: 'json', input: text, message: 'Expected a JSON array' });
        return z.NEVER;
      }
    },
    encode: (items) => JSON.stringify(items),
  });

/** Calls whose spec body is "empty object". */
export const EmptyBody = z.object({});

/** `?page=n`, numbered from 1, default 1. */
export const PageQuery = z.object({ page: z.coerce.number<number>({ error: REFUSAL_MESSAGES.invalidPage }).int({ error: REFUSAL_MESSAGES.invalidPage }).min(1, { error: REFUSAL_MESSAGES.invalidPage }).default(1) });

export const IdParams = z.object({ id: Id });
/** A text that must not be blank (trimmed), refused with `message` when missing or blank. */
export const nonBlank = (message: string) => z.string({ error: message }).trim().min(1, { error: message });
export const NonBlank = nonBlank(REFUSAL_MESSAGES.invalidRequest);
export const Otp = nonBlank(REFUSAL_MESSAGES.otpRequired);
// Refusals carry whole sentences (REFUSAL_MESSAGES); the inline field statuses stay the §5 words.
export const FullName = z.string({ error: REFUSAL_MESSAGES.invalidFullName }).refine(isValidFullName, { error: REFUSAL_MESSAGES.invalidFullName });
export const Username = z.string({ error: REFUSAL_MESSAGES.invalidUsername }).refine(isValidUsername, { error: REFUSAL_MESSAGES.invalidUsername });
export const Email = z.string({ error: REFUSAL_MESSAGES.invalidEmail }).refine(isEmailShape, { error: REFUSAL_MESSAGES.invalidEmail });
export const RegisterPassword = z.string({ error: REFUSAL_MESSAGES.weakPassword }).refine(isStrongRegisterPassword, { error: REFUSAL_MESSAGES.weakPassword });
