// A comment as the contract's Comment, built in SQL: one expression shared by the comments
// route (comments.list) and the comment previews of the post lists (posts/cards.ts), so the two
// answer the same JSON for a comment.
import { sql, type SQL } from 'drizzle-orm';

const ISO = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`);

/** The Comment of comments row `c` written by users row `u` (a json value). */
export const commentJson: SQL = sql`json_build_object(
  '_id', c.id,
  'text', c.text,
  'createdAt', to_char(c.created_at at time zone 'UTC', ${ISO}),
  'author', json_build_object('_id', u.id, 'username', u.username, 'fullName', u.full_name, 'profilePictureUrl', coalesce(u.profile_picture_url, ''))
)`;
